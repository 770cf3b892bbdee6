import type { BudgetLedger } from '../budget/budget-ledger.js';
import type { ListEntry } from '../budget/cost-model.js';
import type { NotePricing } from '../budget/note-pricing.js';
import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf, uriOf } from '../model/uri.js';
import { ANCHORED, dependentsOf, type AnchoredRelation } from '../relationships/dependencies.js';
import { focusListOf } from '../relationships/focus-lists.js';
import { RELATIONS, type RelatedRelation } from '../relationships/relation.js';
import { TIERS } from '../relationships/tiers.js';
import { relatedNoteOf, type NoteForm } from '../result/bare-note.js';
import type { Fit } from '../result/fits.js';
import type { ResultBuilder } from '../result/result-builder.js';
import type { Strategies } from '../strategies/strategies.js';
import type { LedgerEntry } from './build-report.js';
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

/** Every relation fed at the start is active at the start (spec section 3, "Active"). */
const FED_AT_START = RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self' && !ANCHORED.has(relation));

/**
 * The priority-tiered round-robin of spec section 4, step by step; with several foci, each focus
 * takes its pass over the tiers in turn, sharing one budget and one list of related notes
 * (section 9).
 */
export async function runIteration({ foci, relations, fit, ledger, pricing, result, report, detailsLimit }: Walk): Promise<void> {
  const walks = foci.map((focusWalk) => ({ ...focusWalk, rotation: new TierRotation(FED_AT_START.filter((relation) => relations.has(relation))) }));
  const entryFor = (relation: RelatedRelation, note: NoteRecord): ListEntry | undefined => {
    const rule = focusListOf(relation);
    return rule && { rule, text: uriAndTitleOf(note) };
  };

  walk: while (ledger.remaining > 0 && walks.some((focusWalk) => focusWalk.rotation.anyActive)) {
    for (const { focus, strategies, index, uri: focusUri, rotation } of walks) {
      const view = result.viewOf(index);
      const form: NoteForm | undefined = focusUri === undefined ? undefined : { focus: focusUri };
      const feedDependents = (relation: RelatedRelation, note: NoteRecord) => {
        for (const dependent of dependentsOf(relation)) {
          if (!relations.has(dependent)) continue;
          strategies.feed(dependent, note);
          rotation.activate(dependent);
        }
      };
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
            // Already in the result, or another focus note: a duplicate for this focus.
            if (entry) {
              const cost = pricing.entryCost(entry, view);
              if (ledger.addEntry(cost) === 'added') {
                result.addToFocusList(entry, index);
                report.add(piece(note, relation, cost, 'entry', undefined, false, focusUri));
              }
            }
            feedDependents(relation, note);
          } else {
            let cost = pricing.noteCost(note, relation, entry, view, form);
            let cut: number | undefined;
            if (cost > ledger.remaining && fit === 'shorten') {
              const fitting = shortenToFit(note, detailsLimit, ledger.remaining, (length) =>
                pricing.noteCost(note, relation, entry, view, { ...form, cut: length }),
              );
              if (fitting) ({ cut, cost } = fitting);
            }
            if (ledger.addNote(note.id, cost) === 'over-budget') {
              report.skip(relation, uriOf(note.id), cost, focusUri);
            } else {
              result.addRelated(relatedNoteOf(note, relation, detailsLimit, cut === undefined ? form : { ...form, cut }));
              if (entry) result.addToFocusList(entry, index);
              const via = ANCHORED.has(relation) ? strategies.anchorOf(relation as AnchoredRelation) : undefined;
              report.add(piece(note, relation, cost, 'note', via, cut !== undefined, focusUri));
              added++;
              feedDependents(relation, note);
            }
          }
          if (ledger.remaining === 0) break walk;
        }
      }
    }
  }
}

/** A piece of the ledger, keys in the order the report writes them. */
function piece(
  note: NoteRecord,
  relation: RelatedRelation,
  cost: number,
  kind: LedgerEntry['kind'],
  via: NoteRecord | undefined,
  shortened: boolean,
  focus: string | undefined,
): LedgerEntry {
  const entry: { -readonly [K in keyof LedgerEntry]: LedgerEntry[K] } = { uri: uriOf(note.id), relation, cost, kind };
  if (via) entry.via = uriOf(via.id);
  if (shortened) entry.shortened = true;
  if (focus !== undefined) entry.focus = focus;
  return entry;
}
