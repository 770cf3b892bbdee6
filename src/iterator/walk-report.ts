import type { RelatedRelation } from '../relationships/relation.js';
import { MAX_REPORTED_SKIPS, type SkippedNote } from './build-report.js';

/** The counts of a walk as it runs (spec section 5): what it considered and skipped. */
export class WalkReport {
  candidatesConsidered = 0;
  skippedCount = 0;
  endedEarly = false;
  readonly skipped: SkippedNote[] = [];

  /** A candidate skipped for budget; the first few are listed with their cost. */
  skip(relation: RelatedRelation, uri: string, cost: number): void {
    if (this.skipped.length < MAX_REPORTED_SKIPS) this.skipped.push({ uri, relation, cost });
    this.skippedCount++;
  }

  /** Whether the list of skipped notes is complete: later skips are only counted. */
  get listFull(): boolean {
    return this.skipped.length >= MAX_REPORTED_SKIPS;
  }
}
