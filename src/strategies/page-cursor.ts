import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor, Next } from './candidate-cursor.js';
import type { PageSource } from './page-source.js';

/** The candidates of a page source, one by one: the next page is read once the one at hand is used up. */
export class PageCursor implements CandidateCursor {
  private page: readonly NoteRecord[] = [];
  private index = 0;
  private done = false;

  constructor(private readonly pages: PageSource) {}

  next(): Next {
    if (this.index < this.page.length) return this.page[this.index++];
    if (this.done) return undefined;
    return this.pages.nextPage().then((page) => {
      this.page = page;
      this.index = 0;
      this.done = page.length === 0;
      return this.next();
    });
  }
}
