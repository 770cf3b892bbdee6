import type { NoteId, NoteRecord } from '../model/note-record.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { whenRead } from '../strategies/when-read.js';
import { offerOrders, type ListRelation } from './offer-orders.js';
import { recordPendingEntries, type PendingOffers } from './record-pending-entries.js';
import type { Shortcut } from './shortcut.js';
import { skippedListFull } from './skipped-list-full.js';
import { stillOffered } from './still-offered.js';
import type { WalkState } from './walk-state.js';

/**
 * The early stop: once the report's list of skipped notes is full and no new note can fit, the
 * only thing the rest of the walk can change is a focus list. Before each step it tries, once, to
 * record at once every entry the walk would still record (`recordPendingEntries`); when they all
 * fit, the build has ended early: every relation then offers nothing, and the walk ends. It
 * reasons about one focus note: a build for a list of foci does not take it.
 */
export function earlyStop(state: WalkState): Shortcut {
  if (state.several) return {};
  const { ledger, report, costs } = state;
  const orders = offerOrders(state.focus, state.parent);
  const lastOffered = new Map<ListRelation, NoteRecord | undefined>();
  /** The list relations that have offered their last candidate (they are fed at start only). */
  const exhausted = new Set<RelatedRelation>();
  /** The records of the notes the ledger holds: those an earlier page returned, and each candidate once added. */
  const held = new Map<NoteId, NoteRecord>(state.excluded.map((note) => [note.id, note]));
  /** The candidate handed out last: the walk has decided on it by the next step. */
  let last: NoteRecord | undefined;
  let triedToEnd = false;

  const offered = (relation: RelatedRelation, note: NoteRecord) => {
    last = note;
    const order = orders[relation as ListRelation];
    if (order?.offers(note)) lastOffered.set(relation as ListRelation, note);
  };
  const noteIfAdded = () => {
    if (last && ledger.has(last.id)) held.set(last.id, last);
    last = undefined;
  };

  const ends = (): boolean => {
    if (triedToEnd || !skippedListFull(report) || ledger.remaining >= costs.cheapestNote) return false;
    triedToEnd = true;
    const reached = ledger.includedIds().map((id) => held.get(id)!);
    const pending: PendingOffers[] = (Object.keys(orders) as ListRelation[])
      .filter((relation) => state.relations.has(relation) && !exhausted.has(relation))
      .map((relation) => ({ relation, notes: stillOffered(orders[relation], lastOffered.get(relation), reached) }))
      .filter(({ notes }) => notes.length > 0);
    // Entries of two relations would come interleaved by the rotation and by candidates not yet
    // read: the ledger could not list them in walk order, so the walk goes on step by step.
    if (pending.length > 1) return false;
    report.endedEarly = recordPendingEntries(pending, ledger, costs, state.result, report);
    return report.endedEarly;
  };

  return {
    strategies: (inner) => ({
      ...inner,
      next: (relation) => {
        noteIfAdded();
        if (report.endedEarly || ends()) return undefined;
        return whenRead(inner.next(relation), (note) => {
          if (note) offered(relation, note);
          else exhausted.add(relation);
          return note;
        });
      },
    }),
  };
}
