import type { BudgetLedger } from '../budget/budget-ledger.js';
import type { CostModel, ListEntry } from '../budget/cost-model.js';
import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf, uriOf } from '../model/uri.js';
import { ANCHORED, dependentsOf } from '../relationships/dependencies.js';
import { focusListOf } from '../relationships/focus-lists.js';
import { RELATIONS, type RelatedRelation } from '../relationships/relation.js';
import { TIERS } from '../relationships/tiers.js';
import { bareNoteOf } from '../result/bare-note.js';
import type { ResultBuilder } from '../result/focus-note-builder.js';
import type { Shortcuts } from '../shortcuts/shortcuts.js';
import { isPromise } from '../strategies/soon.js';
import type { Strategies } from '../strategies/strategy.js';
import { TierRotation } from './tier-rotation.js';
import type { WalkReport } from './walk-report.js';

export interface Walk {
  readonly focus: NoteRecord;
  readonly strategies: Strategies;
  readonly ledger: BudgetLedger;
  readonly costs: CostModel;
  readonly result: ResultBuilder;
  readonly report: WalkReport;
  readonly shortcuts: Shortcuts;
  readonly detailsLimit: number;
}

/** Every relation fed at the start is active at the start (spec section 3, "Active"). */
const FED_AT_START = RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self' && !ANCHORED.has(relation));

/** The priority-tiered round-robin of spec section 4, step by step. */
export async function runIteration({ focus, strategies, ledger, costs, result, report, shortcuts, detailsLimit }: Walk): Promise<void> {
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
        const offered = strategies.next(relation); // consumed, whatever happens to it
        const candidate = isPromise(offered) ? await offered : offered; // at hand: no wait for a microtask turn
        if (!candidate) {
          rotation.deactivate(relation);
          continue;
        }
        report.candidatesConsidered++;
        if (candidate.kind === 'left-out') {
          report.skipUnlisted(); // too big to fit, and neither the focus note nor in the result
          continue;
        }
        const note = candidate.note;
        if (note.id === focus.id) continue;
        const entry = entryFor(relation, note);
        if (ledger.has(note.id)) {
          if (entry && ledger.addEntry(costs.entryCost(entry, result)) === 'added') result.addToFocusList(entry);
          feedDependents(relation, note);
        } else if (shortcuts.surelyOver(note, relation)) {
          report.skipUnlisted();
        } else {
          const bare = bareNoteOf(note, relation, detailsLimit);
          const cost = costs.noteCost(bare, entry, result);
          if (ledger.addNote(note.id, cost) === 'over-budget') {
            report.skip(relation, uriOf(note.id), cost);
          } else {
            result.addRelated(bare);
            if (entry) result.addToFocusList(entry);
            added++;
            feedDependents(relation, note);
          }
        }
        if (ledger.remaining === 0) break walk;
        if (shortcuts.endsEarly(rotation)) {
          report.endedEarly = true;
          break walk;
        }
      }
    }
  }
}
