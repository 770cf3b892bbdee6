import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor, Next } from '../strategies/candidate-cursor.js';
import type { PageSource } from '../strategies/page-source.js';
import type { Shortcut, WalkState } from './shortcut.js';

/**
 * Reading ahead, for a reader with round trips to save: a source asks for its first page as it is made, and for the next
 * half way through the one at hand, so reads ride in a batch waited on anyway, and a walk ending within a page reads no more.
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
    // Asked no sooner than the second half: by then the budget may have tightened, so stepping over can filter the page.
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
