import type { NoteRecord } from '../model/note-record.js';
import type { Soon } from './soon.js';

/** The candidates of one relation (or of one anchor), in the order they are offered. */
export interface CandidateCursor {
  /** The next candidate, consumed; `undefined` once there are none left. At once when it is read. */
  next(): Soon<NoteRecord | undefined>;
}
