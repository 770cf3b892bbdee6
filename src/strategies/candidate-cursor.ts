import type { NoteRecord } from '../model/note-record.js';

/** The next candidate, or undefined once there are none left; a promise while it must be read. */
export type Next = NoteRecord | undefined | Promise<NoteRecord | undefined>;

/** The candidates of one relation (or of one anchor), in the order they are offered. */
export interface CandidateCursor {
  /** The next candidate, consumed. One call at a time: the next waits until this one is answered. */
  next(): Next;
}
