import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from '../strategies/candidate-cursor.js';
import type { Shortcut } from './shortcut.js';
import type { WalkState } from './walk-state.js';

/**
 * Reading ahead, for a reader with round trips to save: every cursor that reads takes its
 * first candidate ahead as soon as it exists, and the next one as soon as one is handed out, so
 * its reads (the first page, the page after the one being walked) ride in a batch the build
 * waits on anyway. A reader that answers at once has no round trips to save.
 */
export function readAhead({ capabilities }: WalkState): Shortcut {
  if (capabilities.readNow) return {};
  return { cursor: (inner) => new AheadCursor(inner) };
}

/** One candidate always taken ahead of the one handed out, or the next page waited for. */
class AheadCursor implements CandidateCursor {
  /** The inner cursor's next candidate, taken ahead. */
  private ahead: NoteRecord | undefined;
  /** The wait for the inner cursor's next page, started when nothing was left to take ahead. */
  private waiting: Promise<void> | undefined;
  private done = false;

  constructor(private readonly inner: CandidateCursor) {
    this.takeAhead();
  }

  take(): NoteRecord | undefined {
    const candidate = this.ahead;
    if (candidate !== undefined) {
      this.ahead = undefined;
      this.takeAhead();
    }
    return candidate;
  }

  async more(): Promise<boolean> {
    while (this.ahead === undefined && !this.done) await this.waiting;
    return this.ahead !== undefined;
  }

  private takeAhead(): void {
    this.ahead = this.inner.take();
    if (this.ahead !== undefined) return;
    this.waiting = started(
      this.inner.more().then((more) => {
        if (more) this.takeAhead();
        else this.done = true;
      }),
    );
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
