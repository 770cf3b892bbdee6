import type { BudgetLedger } from '../budget/budget-ledger.js';
import type { ListEntry } from '../budget/cost-model.js';
import type { NotePricing } from '../budget/note-pricing.js';
import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf, uriOf } from '../model/uri.js';
import { ANCHORED, dependentsOf } from '../relationships/dependencies.js';
import { focusListOf } from '../relationships/focus-lists.js';
import { RELATIONS, type RelatedRelation } from '../relationships/relation.js';
import { TIERS } from '../relationships/tiers.js';
import { bareNoteOf } from '../result/bare-note.js';
import type { ResultBuilder } from '../result/result-builder.js';
import type { Strategies } from '../strategies/strategies.js';
import { TierRotation } from './tier-rotation.js';
import type { WalkReport } from './walk-report.js';

export interface Walk {
  readonly focus: NoteRecord;
  readonly strategies: Strategies;
  readonly ledger: BudgetLedger;
  readonly pricing: NotePricing;
  readonly result: ResultBuilder;
  readonly report: WalkReport;
  readonly detailsLimit: number;
}

/** Every relation fed at the start is active at the start (spec section 3, "Active"). */
const FED_AT_START = RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self' && !ANCHORED.has(relation));

/** The priority-tiered round-robin of spec section 4, step by step. */
export async function runIteration({ focus, strategies, ledger, pricing, result, report, detailsLimit }: Walk): Promise<void> {
  const rotation = new TierRotation(FED_AT_START);
  const feedDependents = (relation: RelatedRelation, note: NoteRecord) => {
    for (const dependent of dependentsOf(relation)) {
      strategies.feed(dependent, note);
      rotation.activate(dependent);
    }
  };
  const entryFor = (relation: RelatedRelation, note: NoteRecord): ListEntry | undefined => {
    const rule = focusListOf(relation);
    return rule && { rule, text: uriAndTitleOf(note) };
  };

  walk: while (ledger.remaining > 0 && rotation.anyActive) {
    for (const tier of TIERS) {
      let added = 0;
      while (added < tier.quota) {
        const relation = rotation.next(tier);
        if (!relation) break;
        const note = await strategies.next(relation); // consumed, whatever happens to it
        if (!note) {
          rotation.deactivate(relation);
          continue;
        }
        report.candidatesConsidered++;
        if (note.id === focus.id) continue;
        const entry = entryFor(relation, note);
        if (ledger.has(note.id)) {
          if (entry && ledger.addEntry(pricing.entryCost(entry, result)) === 'added') result.addToFocusList(entry);
          feedDependents(relation, note);
        } else {
          const cost = pricing.noteCost(note, relation, entry, result);
          if (ledger.addNote(note.id, cost) === 'over-budget') {
            report.skip(relation, uriOf(note.id), cost);
          } else {
            result.addRelated(bareNoteOf(note, relation, detailsLimit));
            if (entry) result.addToFocusList(entry);
            added++;
            feedDependents(relation, note);
          }
        }
        if (ledger.remaining === 0) break walk;
      }
    }
  }
}
