import type { NoteId, NoteRecord } from '../model/note-record.js';
import type { PageRequest } from './page-request.js';
import type { ShownSize } from './shown-size.js';

/**
 * An extended request (`NoteReader.readExtended`): a page's filter leaves out the notes that show
 * more text bytes or word starts than it allows for their shape (`shownSizeOf`), except those in
 * `keep`; each record says in `leftOutBefore` how many were left out just before it. `limit`
 * counts returned records; at most `scan` candidates are examined, and a last one left out is
 * returned too, marked `leftOut`, so the next page starts after it.
 */
export interface SizeFilter {
  /** The most candidates the page examines, kept or left out. */
  readonly scan: number;
  /** For each shape (0–7), the most text bytes a note of that shape may show and be returned. */
  readonly maxTextBytes: readonly number[];
  /** For each shape, the most word starts a note of that shape may show and be returned. */
  readonly maxWordStarts: readonly number[];
  /** Notes returned whatever their size. */
  readonly keep: readonly NoteId[];
  /**
   * Optional, for a store that holds its notes in memory (others ignore it): notes that cost more
   * than `max` are left out too, as `floor` tells from what the size rule measures, or else as
   * `of` tells from the note (`CostModel.leastCost`, slower). The same `of` answers the same for
   * a record that does not change, so such a store may keep its answers.
   */
  readonly leastCost?: LeastCostFilter;
}

/** See `SizeFilter.leastCost`. */
export interface LeastCostFilter {
  readonly max: number;
  /** What a note that shows `shown` costs at least. */
  floor(shown: ShownSize): number;
  /** What `note` costs at least, wherever it is written. */
  readonly of: (note: NoteRecord) => number;
}

/** A page request that may carry a size filter. */
export type FilteredPageRequest = PageRequest & { readonly filter?: SizeFilter };

/** A record of a filtered page. */
export interface FilteredRecord extends NoteRecord {
  /** Notes left out just before this one. */
  readonly leftOutBefore?: number;
  /** This note was left out too: only as a page's last record, where its scan ended. */
  readonly leftOut?: true;
}
