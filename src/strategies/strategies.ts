import type { NoteRecord } from '../model/note-record.js';
import type { AnchoredRelation } from '../relationships/dependents.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { CandidateCursor } from './candidate-cursor.js';

/**
 * Where every relation's candidates come from (spec section 3). The strategies only offer
 * notes; the iteration decides what happens to them and tells the anchor-fed relations which
 * notes were reached.
 */
export interface Strategies {
  /** The next candidate of `relation` at hand, consumed; undefined when none is at hand (then ask `more`). */
  take(relation: RelatedRelation): NoteRecord | undefined;
  /** Waits until `relation` has a candidate at hand: true, or false when it has none left for now. */
  more(relation: RelatedRelation): Promise<boolean>;
  /** The anchor that offered the candidate `take(relation)` gave last (spec section 9, `via`). */
  anchorOf(relation: AnchoredRelation): NoteRecord | undefined;
  /** Adds a reached note of the feeding relation as an anchor of `relation`. */
  feed(relation: AnchoredRelation, anchor: NoteRecord): void;
  /** The candidates `anchor` would offer `relation` once fed, as a cursor of their own (the strategies' state is left as it is). */
  candidatesOf(relation: AnchoredRelation, anchor: NoteRecord): CandidateCursor;
}
