import type { NoteRecord } from '../model/note-record.js';

/** The candidates of one relation (or of one anchor), in the order they are offered. */
export interface CandidateCursor {
  /** The next candidate, consumed; `undefined` once there are none left. Asked once at a time. */
  next(): Promise<NoteRecord | undefined>;
}
