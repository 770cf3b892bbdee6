import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from '../strategies/candidate-cursor.js';
import type { Shortcut } from './shortcut.js';
import type { WalkState } from './walk-state.js';

/**
 * Reading ahead, for a reader with round trips to save: every cursor that reads asks for its first
 * page as soon as it exists, and for the next page once the walk is half way through the one at
 * hand, so its reads ride in a batch the build waits on anyway, and a walk that ends within a page
 * (most do) never reads the next. A reader that answers at once has no round trips to save.
 */
export function readAhead({ capabilities }: WalkState): Shortcut {
  if (capabilities.readNow) return {};
  return { cursor: (inner) => new AheadCursor(inner) };
}

/** A page at hand taken whole from the inner cursor, and its next page asked for half way through it. */
class AheadCursor implements CandidateCursor {
  private page: readonly NoteRecord[] = [];
  private index = 0;
  /** The inner cursor's wait for its next page, once asked for, until the page is taken. */
  private following: Promise<boolean> | undefined;

  constructor(private readonly inner: CandidateCursor) {
    this.askAhead();
  }

  take(): NoteRecord | undefined {
    if (this.index >= this.page.length) return undefined;
    // Asked as the second half's first candidate is handed out: asked any sooner, the page is
    // read before the budget may have tightened, and stepping over cannot filter it.
    if (this.index * 2 >= this.page.length) this.askAhead();
    return this.page[this.index++];
  }

  async more(): Promise<boolean> {
    while (this.index >= this.page.length) {
      const more = await this.askAhead();
      this.following = undefined;
      if (!more) return false;
      this.page = this.takeWholePage();
      this.index = 0;
    }
    return true;
  }

  private askAhead(): Promise<boolean> {
    return (this.following ??= started(this.inner.more()));
  }

  /** Every candidate the inner cursor has at hand, so that its `more` reads the page after them. */
  private takeWholePage(): NoteRecord[] {
    const notes: NoteRecord[] = [];
    for (let note = this.inner.take(); note !== undefined; note = this.inner.take()) notes.push(note);
    return notes;
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
