import type { NoteId, NoteRecord } from '../model/note-record.js';
import { uriOf } from '../model/uri-of.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { MAX_REPORTED_SKIPS, type LedgerEntry, type SkippedNote } from './build-report.js';

/** The counts of a walk as it runs (spec sections 5 and 9): what it considered, skipped and added. */
export class WalkReport {
  candidatesConsidered = 0;
  skippedCount = 0;
  endedEarly = false;
  readonly skipped: SkippedNote[] = [];
  /** The ledger: every piece added to the output, in order. */
  readonly added: LedgerEntry[] = [];

  /** Whether the list of skipped notes is full: later skips are only counted, and the shortcuts wait for it. */
  get skippedListFull(): boolean {
    return this.skipped.length >= MAX_REPORTED_SKIPS;
  }

  /** A candidate skipped for budget; the first few are listed with their cost (and focus, for a list of foci). */
  skip(relation: RelatedRelation, id: NoteId, cost: number, focus?: string): void {
    if (!this.skippedListFull) this.skipped.push({ uri: uriOf(id), relation, cost, ...(focus !== undefined && { focus }) });
    this.skippedCount++;
  }

  /** A piece added to the output (with its focus, for a list of foci), keys in the order the report writes them. */
  add(id: NoteId, relation: RelatedRelation, cost: number, kind: LedgerEntry['kind'], focus?: string, via?: NoteRecord, shortened = false): void {
    this.added.push({
      uri: uriOf(id), relation, cost, kind,
      ...(via && { via: uriOf(via.id) }), ...(shortened && { shortened: true as const }), ...(focus !== undefined && { focus }),
    });
  }
}
