import type { NoteRecord } from '../model/note-record.js';

/** The candidates of a relation (or of an anchor) as the store reads them, page after page; an empty page ends them. */
export interface PageSource {
  /** The next page. One call at a time: the next waits until this one is answered. */
  nextPage(): Promise<readonly NoteRecord[]>;
}
