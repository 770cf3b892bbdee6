import type { NoteRecord } from '../model/note-record.js';
import type { Candidate } from './candidate-cursor.js';
import type { RelatedRelation } from '../relationships/relation.js';

/**
 * One relation's source of candidates. A strategy only offers notes; the iterator decides what
 * happens to them and tells anchor-fed strategies which notes were reached.
 */
export interface Strategy {
  readonly relation: RelatedRelation;
  /** The next candidate, consumed; `undefined` when there is none left for now. */
  next(): Promise<Candidate | undefined>;
  /** Adds a reached note of the feeding relation as an anchor (anchor-fed relations only). */
  feed?(anchor: NoteRecord): void;
  /**
   * Whether `note` may still be offered. Relations that grow a focus list answer it, so a build
   * that can no longer afford any new note knows whether a duplicate could still be listed.
   */
  mayStillOffer?(note: NoteRecord): boolean;
  /** Negative when `a` would be offered before `b` (with `mayStillOffer`). */
  compareOffers?(a: NoteRecord, b: NoteRecord): number;
}
