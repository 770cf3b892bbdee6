import type { NoteRecord } from '../model/note-record.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { relatedNoteOf, type NoteForm } from '../result/related-note-of.js';
import type { CostModel } from './cost-model.js';
import { listEntryOf } from './list-entry-of.js';
import type { ResultView } from '../result/result-view.js';

/** What the walk pays for each piece it adds (spec section 4's `cost`). */
export interface NotePricing extends Pick<CostModel, 'entryCost'> {
  /** `note` as a related note of `relation`, written in `form`, with its focus-list entry if any; Infinity for one known not to fit. */
  notePrice(note: NoteRecord, relation: RelatedRelation, result: ResultView, form?: NoteForm): number;
}

/** Exact pricing: the tokens each piece adds to the output, as the cost model counts them. */
export function exactPricing(costs: CostModel, detailsLimit: number): NotePricing {
  return {
    notePrice: (note, relation, result, form) => costs.noteCost(relatedNoteOf(note, relation, detailsLimit, form), listEntryOf(relation, note), result),
    entryCost: (entry, result) => costs.entryCost(entry, result),
  };
}
