import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from '../strategies/candidate-cursor.js';
import type { Shortcut } from './shortcut.js';
import type { WalkState } from './walk-state.js';

/**
 * Reading ahead, for a reader with round trips to save: every cursor that reads asks for its
 * first candidate as soon as it exists, and for the next one as soon as one is taken, so its
 * reads (the first page, the page after the one being walked) ride in a batch the build waits on
 * anyway. A reader that answers at once has no round trips to save.
 */
export function readAhead({ capabilities }: WalkState): Shortcut {
  if (capabilities.readNow) return {};
  return { cursor: (inner) => new AheadCursor(inner) };
}

/** One candidate always asked for ahead of the one handed out. */
class AheadCursor implements CandidateCursor {
  private ahead: Promise<NoteRecord | undefined>;

  constructor(private readonly inner: CandidateCursor) {
    this.ahead = started(inner.next());
  }

  next(): Promise<NoteRecord | undefined> {
    const current = this.ahead;
    this.ahead = started(current.then((candidate) => (candidate ? this.inner.next() : undefined)));
    return current;
  }
}

/**
 * A read made ahead of need: a build that ends early never awaits some, and such a read failing
 * (say, after the reader closed) is no error of the build; awaited, it still rejects there.
 */
function started<T>(read: Promise<T>): Promise<T> {
  read.catch(() => {});
  return read;
}
