import type { NoteId, NoteRecord } from '../model/note-record.js';
import type { PageRequest } from './page-request.js';

/**
 * An extended request (`NoteReader.readExtended`): a page request may carry a filter
 * that leaves out the notes that show more text bytes, or more word starts, than it allows for
 * their shape, measured by the size rule (`shownSizeOf`, src/store/shown-size.ts: the shape says whether a
 * note shows details, a visible parent, a visible object; the bytes are those of its title, the
 * first `detailsLimit` code points of its details and its visible links' titles), except the
 * notes named in `keep`. Each record returned then says in `leftOutBefore` how many notes were
 * left out just before it in the page's order. `limit` counts returned records only; a filtered
 * page examines at most `scan` candidates, so that its work is bounded however few notes it
 * keeps, and when the last candidate it examined was left out, it returns that one too, marked
 * `leftOut` (so the next page starts after it). The filter is the caller's business: a store
 * only evaluates it.
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
