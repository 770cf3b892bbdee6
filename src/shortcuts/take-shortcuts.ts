import type { BudgetLedger } from '../budget/budget-ledger.js';
import type { CostModel } from '../budget/cost-model.js';
import type { WalkReport } from '../iterator/walk-report.js';
import type { NoteId, NoteRecord } from '../model/note-record.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { shownSizeOf } from '../model/shown-size.js';
import type { ResultBuilder } from '../result/focus-note-builder.js';
import type { Candidate } from '../strategies/candidate.js';
import { isPromise } from '../strategies/soon.js';
import type { Strategies } from '../strategies/strategy.js';
import { recordPendingEntries, stillOffered, type PendingOffers } from './early-stop.js';
import { offerOrders, type ListRelation } from './offer-order.js';
import type { Shortcuts } from './shortcuts.js';

/** What the shortcuts look at; they read it and, to end early, record the last list entries. */
export interface WalkState {
  readonly focus: NoteRecord;
  /** The focus note's parent as a record, if it has a visible one. */
  readonly parent: NoteRecord | undefined;
  /** Notes an earlier page returned: in the result for the walk, yet never offered by it so far. */
  readonly excluded: readonly NoteRecord[];
  readonly ledger: BudgetLedger;
  readonly result: ResultBuilder;
  readonly report: WalkReport;
  readonly costs: CostModel;
  readonly detailsLimit: number;
}

/**
 * Below this many of the cheapest conceivable notes left in the budget, pages leave out the
 * notes that cannot fit. Above it, most candidates may still fit and reading them is cheaper
 * than measuring every candidate of the relation in SQL.
 */
const TIGHT_BUDGET_IN_CHEAPEST_NOTES = 8;

/**
 * The shortcuts a build takes. All of them wait until the report's list of skipped notes is
 * full, so that list comes out as the literal walk gives it:
 * - stepping over: once the budget is tight, page reads leave out the notes that show too much
 *   text to fit (a floor of their cost from their shape and text bytes, see `CostModel`);
 * - the cost floor: a note whose floor is over what is left is skipped unpriced;
 * - the early stop: once no new note can fit, the walk ends if the focus-list entries it would
 *   still record all fit (see `recordPendingEntries`);
 * - reading ahead: pages one ahead, and the first reads of a feeding relation's notes' dependents.
 */
export function takeShortcuts(state: WalkState): Shortcuts {
  const { ledger, report, costs } = state;
  const orders = offerOrders(state.focus, state.parent);
  const lastOffered = new Map<ListRelation, NoteRecord | undefined>();
  const seen = new Map<NoteId, NoteRecord>(state.excluded.map((note) => [note.id, note]));
  let triedToEnd = false;
  const offered = (relation: RelatedRelation, candidate: Candidate | undefined) => {
    if (candidate?.kind === 'note') {
      seen.set(candidate.note.id, candidate.note);
      if (relation in orders) lastOffered.set(relation as ListRelation, candidate.note);
    }
    return candidate;
  };

  return {
    reads: {
      pageFilter: () =>
        report.listFull && ledger.remaining < TIGHT_BUDGET_IN_CHEAPEST_NOTES * costs.cheapestNote
          ? { ...costs.sizeLimits(ledger.remaining), keep: [state.focus.id, ...ledger.includedIds()] }
          : undefined,
      warmDependents: true,
    },

    watch: (strategies: Strategies): Strategies => ({
      next: (relation) => {
        // No closure per step: a walk past a hub takes thousands.
        const candidate = strategies.next(relation);
        return isPromise(candidate) ? candidate.then((arrived) => offered(relation, arrived)) : offered(relation, candidate);
      },
      feed: (relation, anchor) => strategies.feed(relation, anchor),
    }),

    surelyOver: (note, relation) =>
      report.listFull && costs.noteFloor(relation, shownSizeOf(note, state.detailsLimit)) > ledger.remaining,

    endsEarly: (rotation) => {
      if (triedToEnd || !report.listFull || ledger.remaining >= costs.cheapestNote) return false;
      triedToEnd = true;
      const reached = ledger.includedIds().map((id) => seen.get(id)!);
      const pending: PendingOffers[] = (Object.keys(orders) as ListRelation[])
        .filter((relation) => rotation.isActive(relation))
        .map((relation) => ({ relation, notes: stillOffered(orders[relation], lastOffered.get(relation), reached) }))
        .filter(({ notes }) => notes.length > 0);
      return recordPendingEntries(pending, ledger, costs, state.result);
    },
  };
}
