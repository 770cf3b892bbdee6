import type { NoteRecord } from '../model/note-record.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { relatedNoteOf, type NoteForm } from '../result/related-note-of.js';
import type { CostModel, ListEntry } from './cost-model.js';
import type { BareNote } from '../result/schema.js';
import type { ResultView } from '../result/result-view.js';
import { listEntryOf } from './list-entry-of.js';

/** What a related note costs, and the note as the result writes it, when it was written to be priced. */
export interface NotePrice {
  readonly cost: number;
  readonly written?: BareNote;
}

/** The price of a note that cannot fit, known without writing it. */
export const PRICED_OUT: NotePrice = Object.freeze({ cost: Infinity });

/** What the walk pays for each piece it adds (spec section 4's `cost`). */
export interface NotePricing {
  /**
   * `note` as a related note of `relation` (written in `form`: shortened, naming its focus) and,
   * for relations with a focus list, its entry.
   */
  notePrice(note: NoteRecord, relation: RelatedRelation, result: ResultView, form?: NoteForm): NotePrice;
  /** One entry of a focus list, for a note already in the result. */
  entryCost(entry: ListEntry, result: ResultView): number;
}

/** Exact pricing: the tokens each piece adds to the output, as the cost model counts them. */
export function exactPricing(costs: CostModel, detailsLimit: number): NotePricing {
  return {
    notePrice: (note, relation, result, form) => {
      const written = relatedNoteOf(note, relation, detailsLimit, form);
      return { cost: costs.noteCost(written, listEntryOf(relation, note), result), written };
    },
    entryCost: (entry, result) => costs.entryCost(entry, result),
  };
}
