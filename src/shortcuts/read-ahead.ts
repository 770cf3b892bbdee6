import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor, Next } from '../strategies/candidate-cursor.js';
import type { PageSource } from '../strategies/page-source.js';
import type { Shortcut, WalkState } from './shortcut.js';

/**
 * Reading ahead, for a reader with round trips to save: every source that reads asks for its first
 * page as soon as it exists, and for the next page once the walk is half way through the one at
 * hand, so its reads ride in a batch the build waits on anyway, and a walk that ends within a page
 * (most do) never reads the next. A reader that answers at once has no round trips to save.
 */
export function readAhead({ answersAtOnce }: WalkState): Shortcut {
  if (answersAtOnce) return {};
  return { reading: () => (pages) => new AheadCursor(pages) };
}

/** The candidates of a page source, its next page asked for half way through the page at hand. */
class AheadCursor implements CandidateCursor {
  private page: readonly NoteRecord[] = [];
  private index = 0;
  /** The next page, once asked for, until the walk reaches it. */
  private following: Promise<readonly NoteRecord[]> | undefined;

  constructor(private readonly pages: PageSource) {
    this.askAhead();
  }

  next(): Next {
    if (this.index >= this.page.length) {
      if (this.page.length === 0 && this.following === undefined) return undefined;
      return this.askAhead().then((page) => {
        this.following = undefined;
        this.page = page;
        this.index = 0;
        return this.next();
      });
    }
    // Asked as the second half's first candidate is handed out: asked any sooner, the page is
    // read before the budget may have tightened, and stepping over cannot filter it.
    if (this.index * 2 >= this.page.length) this.askAhead();
    return this.page[this.index++];
  }

  /** A read made ahead of need failing (say, after the reader closed) is no error of a build that never awaits it. */
  private askAhead(): Promise<readonly NoteRecord[]> {
    if (this.following) return this.following;
    this.following = this.pages.nextPage();
    this.following.catch(() => {});
    return this.following;
  }
}
