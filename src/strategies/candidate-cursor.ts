import type { NoteRecord } from '../model/note-record.js';

/**
 * The candidates of one relation (or of one anchor), in the order they are offered, a page at a
 * time: `take` hands the next candidate of the page at hand, and `more` waits for the next page.
 */
export interface CandidateCursor {
  /** The next candidate at hand, consumed; undefined when none is at hand (then ask `more`). */
  take(): NoteRecord | undefined;
  /** Waits until a candidate is at hand: true, or false once there are none left. One wait at a time. */
  more(): Promise<boolean>;
}

/**
 * The answers of a `more` that knows at once, with no read to wait for: settled promises made
 * once, as such waits come at almost every step of a walk.
 */
export const AT_HAND: Promise<boolean> = Promise.resolve(true);
export const NONE_LEFT: Promise<boolean> = Promise.resolve(false);
