import type { BudgetLedger } from '../budget/budget-ledger.js';
import type { CostModel } from '../budget/cost-model.js';
import { shownTextOf } from '../budget/content-bytes.js';
import type { NoteId, NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf, uriOf } from '../model/uri.js';
import { ANCHOR_FED, DEPENDENTS } from '../relationships/dependencies.js';
import { FOCUS_LISTS } from '../relationships/focus-lists.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { TIERS } from '../relationships/tiers.js';
import { bareNoteOf } from '../result/bare-note.js';
import type { ResultBuilder } from '../result/focus-note-builder.js';
import type { BareNote } from '../result/schema.js';
import { PASSED_OVER } from '../strategies/candidate-cursor.js';
import type { Strategy } from '../strategies/strategy.js';
import { MAX_REPORTED_SKIPS, type SkippedNote } from './build-report.js';
import { TierRotation } from './tier-rotation.js';

export interface IterationInput {
  readonly focus: NoteRecord;
  readonly strategies: ReadonlyMap<RelatedRelation, Strategy>;
  readonly ledger: BudgetLedger;
  readonly costs: CostModel;
  readonly result: ResultBuilder;
  readonly detailsLimit: number;
  /**
   * Walk every candidate to the end and price each one, as spec section 4 reads, instead of
   * stopping once the result can no longer change and skipping on a cost bound. Only tests want
   * this: it is how the shortcuts are checked.
   */
  readonly exhaustive?: boolean;
  /** Notes an earlier page returned: they count as already in `relatedNotes`. */
  readonly alreadyReturned?: readonly NoteRecord[];
}

export interface IterationOutcome {
  readonly candidatesConsidered: number;
  readonly skipped: readonly SkippedNote[];
  readonly skippedCount: number;
  readonly endedEarly: boolean;
}

/** The priority-tiered round-robin of spec section 4. */
export async function runIteration(input: IterationInput): Promise<IterationOutcome> {
  const { focus, strategies, ledger, costs, result, detailsLimit } = input;
  const rotation = new TierRotation([...strategies.keys()].filter((relation) => !ANCHOR_FED.has(relation)));
  const reached = new Map<NoteId, NoteRecord>();
  const skipped: SkippedNote[] = [];
  let skippedCount = 0;
  let candidatesConsidered = 0;
  let shortcutAllowed = !input.exhaustive;
  let endedEarly = false;
  const boundsAllowed = !input.exhaustive;
  for (const note of input.alreadyReturned ?? []) {
    ledger.markIncluded(note.id);
    reached.set(note.id, note);
  }

  const feedDependents = (relation: RelatedRelation, note: NoteRecord) => {
    for (const dependent of DEPENDENTS[relation] ?? []) {
      strategies.get(dependent)!.feed!(note);
      rotation.activate(dependent);
    }
  };

  iteration: while (!ledger.exhausted) {
    for (const tier of TIERS) {
      let added = 0;
      while (added < tier.quota) {
        const relation = rotation.serveNext(tier);
        if (!relation) break;
        const candidate = await strategies.get(relation)!.next();
        if (!candidate) {
          rotation.deactivate(relation);
          continue;
        }
        candidatesConsidered++;
        if (candidate === PASSED_OVER) {
          // Certain not to fit and not in the result: it only takes its turn.
          skippedCount++;
          continue;
        }
        if (candidate.id === focus.id) continue;

        if (boundsAllowed && skipped.length >= MAX_REPORTED_SKIPS && !ledger.has(candidate.id) && costs.surelyOver(shownTextOf(candidate, detailsLimit), ledger.remaining)) {
          // Its cost would only be counted, never listed: the lower bound settles it untokenized.
          skippedCount++;
          continue;
        }
        const listRule = FOCUS_LISTS[relation];
        const entry = listRule && uriAndTitleOf(candidate);
        let bare: BareNote | undefined;
        const offer = ledger.offerNote(candidate.id, () => {
          bare = bareNoteOf(candidate, relation, detailsLimit);
          return costs.noteCost(bare, shownTextOf(candidate, detailsLimit)) + (entry ? costs.entryCost(entry) : 0);
        });
        if (offer.outcome === 'duplicate') {
          if (listRule && entry && ledger.offerEntry(costs.entryCost(entry))) result.addToFocusList(listRule, entry);
          feedDependents(relation, candidate);
        } else if (offer.outcome === 'over-budget') {
          if (skipped.length < MAX_REPORTED_SKIPS) skipped.push({ uri: uriOf(candidate.id), relation, cost: offer.cost! });
          skippedCount++;
        } else {
          result.addRelated(bare!);
          reached.set(candidate.id, candidate);
          if (listRule && entry) result.addToFocusList(listRule, entry);
          added++;
          feedDependents(relation, candidate);
        }

        if (ledger.exhausted) break iteration;
        if (shortcutAllowed && ledger.remaining < costs.cheapestNote) {
          if (finishStarved(strategies, rotation, reached, ledger, costs, result)) {
            endedEarly = true;
            break iteration;
          }
          shortcutAllowed = false;
        }
      }
    }
    if (!rotation.anyActive) break;
  }
  return { candidatesConsidered, skipped, skippedCount, endedEarly };
}

/**
 * Once no new note can fit, the only thing left that could change the result is a note already
 * in `relatedNotes` being offered again by a relation with a focus list, and listed if its entry
 * fits. Those notes are known without reading further, so a starved build ends here instead of
 * walking the rest of a hub. An entry that does not fit now never will (the budget only shrinks);
 * if the ones that do fit all fit together, the order they come in cannot matter, since lists are
 * independent and each keeps its own relation's order. Otherwise the build goes on step by step.
 * Answers whether the build is finished.
 */
function finishStarved(
  strategies: ReadonlyMap<RelatedRelation, Strategy>,
  rotation: TierRotation,
  reached: ReadonlyMap<NoteId, NoteRecord>,
  ledger: BudgetLedger,
  costs: CostModel,
  result: ResultBuilder,
): boolean {
  if (ledger.remaining < costs.cheapestEntry) return true;
  const pending: { relation: RelatedRelation; entries: { entry: string; cost: number }[] }[] = [];
  let total = 0;
  for (const [relation, rule] of Object.entries(FOCUS_LISTS) as [RelatedRelation, unknown][]) {
    const strategy = strategies.get(relation);
    if (!rule || !strategy?.mayStillOffer || !rotation.isActive(relation)) continue;
    const entries = [...reached.values()]
      .filter((note) => strategy.mayStillOffer!(note))
      .sort((a, b) => strategy.compareOffers!(a, b))
      .map((note) => {
        const entry = uriAndTitleOf(note);
        return { entry, cost: costs.entryCost(entry) };
      })
      .filter(({ cost }) => cost <= ledger.remaining);
    for (const { cost } of entries) total += cost;
    if (entries.length > 0) pending.push({ relation, entries });
  }
  if (total > ledger.remaining) return false;
  for (const { relation, entries } of pending) {
    for (const { entry, cost } of entries) {
      ledger.offerEntry(cost);
      result.addToFocusList(FOCUS_LISTS[relation]!, entry);
    }
  }
  return true;
}
