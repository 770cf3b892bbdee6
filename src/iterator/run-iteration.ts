import type { BudgetLedger } from '../budget/budget-ledger.js';
import { listEntryOf } from '../budget/list-entry-of.js';
import type { NotePricing } from '../budget/note-pricing.js';
import type { NoteRecord } from '../model/note-record.js';
import { ANCHORED, dependentsOf, FED_AT_START, type AnchoredRelation } from '../relationships/dependents.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { TIERS } from '../relationships/tiers.js';
import { relatedNoteOf, type NoteForm } from '../result/related-note-of.js';
import type { Fit } from '../result/fits.js';
import type { ResultBuilder } from '../result/result-builder.js';
import type { ResultView } from '../result/result-view.js';
import type { Strategies } from '../strategies/strategies.js';
import { shortenToFit } from './shorten-to-fit.js';
import { TierRotation } from './tier-rotation.js';
import type { WalkReport } from './walk-report.js';

/** One focus of a walk: its note, its own candidate sources, and where its focus note sits in the result. */
export interface FocusWalk {
  readonly focus: NoteRecord;
  readonly strategies: Strategies;
  /** Its place among the result's focus notes (0 for a single focus). */
  readonly index: number;
  /** Its uri, when focus is a list: related notes and ledger pieces then name it. */
  readonly uri?: string;
}

export interface Walk {
  /** One focus, or each focus of a list in the given order (spec section 9). */
  readonly foci: readonly FocusWalk[];
  /** The relations the build may use (spec section 9); the others are never active. */
  readonly relations: ReadonlySet<RelatedRelation>;
  readonly fit: Fit;
  readonly ledger: BudgetLedger;
  readonly pricing: NotePricing;
  readonly result: ResultBuilder;
  readonly report: WalkReport;
  readonly detailsLimit: number;
}

/** One focus's walk as it goes: which relations are active, the result as pricing sees it, how its notes are written. */
interface FocusRound extends FocusWalk {
  readonly rotation: TierRotation;
  readonly view: ResultView;
  readonly form: NoteForm | undefined;
}

/** Spec section 4's priority-tiered round-robin; several foci each take their pass over the tiers in turn (section 9). */
export async function runIteration(walk: Walk): Promise<void> {
  const { foci, relations, ledger, result } = walk;
  const rounds: FocusRound[] = foci.map((focusWalk) => ({
    ...focusWalk,
    rotation: new TierRotation(FED_AT_START.filter((relation) => relations.has(relation))),
    view: result.viewOf(focusWalk.index),
    form: focusWalk.uri === undefined ? undefined : { focus: focusWalk.uri },
  }));

  walk: while (ledger.remaining > 0 && rounds.some((round) => round.rotation.anyActive)) {
    for (const round of rounds) {
      for (const tier of TIERS) {
        let added = 0;
        while (added < tier.quota) {
          const relation = round.rotation.next(tier);
          if (!relation) break;
          // The next candidate, consumed whatever happens to it.
          let note = round.strategies.next(relation);
          if (note instanceof Promise) note = await note;
          if (!note) {
            round.rotation.set(relation, false);
            continue;
          }
          if (consider(walk, round, relation, note)) added++;
          if (ledger.remaining === 0) break walk;
        }
      }
    }
  }
}

/** One step of the walk: what happens to a candidate `note` of `relation`. Answers whether it was added as a related note. */
function consider({ relations, fit, ledger, pricing, result, report, detailsLimit }: Walk, round: FocusRound, relation: RelatedRelation, note: NoteRecord): boolean {
  report.candidatesConsidered++;
  if (note.id === round.focus.id) return false;
  if (ledger.has(note.id)) {
    // Already in the result, or another focus note: a duplicate for this focus.
    const entry = listEntryOf(relation, note);
    if (entry) {
      const cost = pricing.entryCost(entry, round.view);
      if (ledger.addEntry(cost) === 'added') {
        result.addToFocusList(entry, round.index);
        report.add(note.id, relation, cost, 'entry', round.uri);
      }
    }
    feedDependents(relations, round, relation, note);
    return false;
  }
  let cost = pricing.notePrice(note, relation, round.view, round.form);
  let cut: number | undefined;
  if (cost > ledger.remaining && fit === 'shorten') {
    const fitting = shortenToFit(note, detailsLimit, ledger.remaining, (length) => pricing.notePrice(note, relation, round.view, { ...round.form, cut: length }));
    if (fitting) ({ cut, cost } = fitting);
  }
  if (ledger.addNote(note.id, cost) === 'over-budget') {
    report.skip(relation, note.id, cost, round.uri);
    return false;
  }
  result.addRelated(relatedNoteOf(note, relation, detailsLimit, cut === undefined ? round.form : { ...round.form, cut }));
  const entry = listEntryOf(relation, note);
  if (entry) result.addToFocusList(entry, round.index);
  const via = ANCHORED.has(relation) ? round.strategies.anchorOf(relation as AnchoredRelation) : undefined;
  report.add(note.id, relation, cost, 'note', round.uri, via, cut !== undefined);
  feedDependents(relations, round, relation, note);
  return true;
}

/** A reached note feeds the relations that depend on `relation` (spec section 3), which become active. */
function feedDependents(relations: ReadonlySet<RelatedRelation>, round: FocusRound, relation: RelatedRelation, note: NoteRecord): void {
  for (const dependent of dependentsOf(relation)) {
    if (!relations.has(dependent)) continue;
    round.strategies.feed(dependent, note);
    round.rotation.set(dependent, true);
  }
}
