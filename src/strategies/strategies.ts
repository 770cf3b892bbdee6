import type { NoteRecord } from '../model/note-record.js';
import type { AnchoredRelation } from '../relationships/dependents.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { Next } from './candidate-cursor.js';

/** Where every relation's candidates come from (spec section 3): they only offer notes, the iteration decides on them. */
export interface Strategies {
  /** The next candidate of `relation`, consumed; undefined once it has none left for now. */
  next(relation: RelatedRelation): Next;
  /** The anchor that offered the candidate `next(relation)` gave last (spec section 9, `via`). */
  anchorOf(relation: AnchoredRelation): NoteRecord | undefined;
  /** Adds a reached note of the feeding relation as an anchor of `relation`. */
  feed(relation: AnchoredRelation, anchor: NoteRecord): void;
}
