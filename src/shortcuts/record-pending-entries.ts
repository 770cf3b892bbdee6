import type { BudgetLedger } from '../budget/budget-ledger.js';
import type { CostModel } from '../budget/cost-model.js';
import type { ListEntry } from '../budget/list-entry-of.js';
import type { ResultView } from '../result/result-view.js';
import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf, uriOf } from '../model/uri-of.js';
import type { WalkReport } from '../iterator/walk-report.js';
import { FOCUS_LISTS, type FocusListName } from '../relationships/focus-lists.js';
import type { ResultBuilder } from '../result/result-builder.js';
import type { ListRelation } from './offer-orders.js';

/** A list relation that may still offer notes already in the result, in its offer order. */
export interface PendingOffers {
  readonly relation: ListRelation;
  readonly notes: readonly NoteRecord[];
}

/**
 * Once no new note can fit, the only thing the rest of the walk can change is a focus list: a
 * note already in the result, offered again by a relation with a list, is recorded if its entry
 * fits. If every such entry fits at once, each fits whenever the walk would meet it, so recording
 * them all now, each list in its relation's order, is exactly what the walk would do. Answers
 * whether it did so (and the build may end); otherwise the walk must go on step by step.
 */
export function recordPendingEntries(
  pending: readonly PendingOffers[],
  ledger: BudgetLedger,
  costs: CostModel,
  result: ResultBuilder,
  report: WalkReport,
): boolean {
  const planned: { entry: ListEntry; note: NoteRecord; relation: ListRelation }[] = [];
  let total = 0;
  for (const { relation, notes } of pending) {
    const rule = FOCUS_LISTS[relation];
    // Each entry is priced against the list as the entries before it leave it.
    const lists = new Map<FocusListName, string[]>([[rule.list, [...result.list(rule.list)]]]);
    const view: ResultView = { relatedCount: result.relatedCount, list: (name) => lists.get(name) ?? result.list(name) };
    for (const note of notes) {
      const entry = { rule, text: uriAndTitleOf(note) };
      total += costs.entryCost(entry, view);
      if (total > ledger.remaining) return false;
      const list = lists.get(rule.list)!;
      if (rule.placement === 'prepend') list.unshift(entry.text);
      else list.push(entry.text);
      planned.push({ entry, note, relation });
    }
  }
  // Each recorded as the walk would: priced against the result as it stands, and in the ledger.
  for (const { entry, note, relation } of planned) {
    const cost = costs.entryCost(entry, result);
    ledger.addEntry(cost);
    result.addToFocusList(entry);
    report.add({ uri: uriOf(note.id), relation, cost, kind: 'entry' });
  }
  return true;
}
