import type { NoteId, NoteRecord } from '../model/note-record.js';
import type { ShownSize } from './shown-size.js';

/** A {@link SizeFilter}'s `scan` of every candidate (the rest of the relation), and the most kept notes it may return. */
export const SCAN_ALL = 2 ** 31 - 1;

/** Leaves out notes showing more than allowed for their shape, but `keep`; a last one left out is returned marked `leftOut`. */
export interface SizeFilter {
  /** The most candidates the page examines, kept or left out: a count, or {@link SCAN_ALL}. */
  readonly scan: number;
  /** For each shape (0–7), the most text bytes a note of that shape may show and be returned. */
  readonly maxTextBytes: readonly number[];
  /** For each shape, the most word starts a note of that shape may show and be returned. */
  readonly maxWordStarts: readonly number[];
  /** Notes returned whatever their size. */
  readonly keep: readonly NoteId[];
  /** Only a store in memory reads it: notes costing more than `max`, by `floor` or else `of` (kept), are left out too. */
  readonly leastCost?: LeastCostFilter;
}

export interface LeastCostFilter {
  readonly max: number;
  /** What a note that shows `shown` costs at least. */
  floor(shown: ShownSize): number;
  /** What `note` costs at least, wherever it is written. */
  readonly of: (note: NoteRecord) => number;
}

export interface FilteredRecord extends NoteRecord {
  /** Notes left out just before this one. */
  readonly leftOutBefore?: number;
  /** This note was left out too: only as a page's last record, where its scan ended. */
  readonly leftOut?: true;
}
