import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';
import type { PageRead } from './page-read.js';
import { readAhead } from './read-ahead.js';
import { andThen, isPromise, type Soon } from './soon.js';
import { Arriving } from './arriving.js';

/**
 * Reads one page of at most `limit` notes strictly after `after` (from the start when undefined),
 * and says whether candidates may follow it.
 */
export type PageReader = (after: NoteRecord | undefined, limit: number) => Soon<PageRead>;

/**
 * Candidates read page by page with a keyset bound. Pages grow, since a relation walked past one
 * page is likely to be walked far.
 *
 * Reading ahead (for a store with round trips): the first page is asked for at once, so that it
 * joins the store's next batch, and the next page is asked for once the walk is half way through
 * the current one: the read then rides in a batch the build waits on anyway. Without (a store that
 * answers at once), each page is read when it is needed, so a page is never read for a walk that
 * ends before it.
 */
export class PagedCursor implements CandidateCursor {
  /**
   * Measured over 500 random foci of the generated 100k-note notebook (MySQL, o200k, budget
   * 2,000): 8 -> 16 took round trips from 5 to 4 (median; mean 5.2 -> 4.5, max 11 -> 9), as
   * relations of 9-16 notes no longer need a second page; 32 saved none more and raised the max.
   */
  static readonly FIRST_PAGE = 16;
  /** Pages grow to this many records for a store with round trips to save. */
  static readonly LARGEST_PAGE = 512;
  /**
   * For a store that answers at once, a page is one step of the walk, and a larger one saves
   * nothing: this keeps a step short.
   */
  static readonly LARGEST_PAGE_AT_ONCE = 16;

  private current: Arriving<Page> | undefined;
  private index = 0;

  constructor(
    private readonly readPage: PageReader,
    private readonly readsAhead = true,
  ) {
    if (readsAhead) this.current = this.read(undefined, PagedCursor.FIRST_PAGE);
  }

  next(): Soon<NoteRecord | undefined> {
    this.current ??= this.read(undefined, PagedCursor.FIRST_PAGE);
    const page = this.current.get();
    if (isPromise(page)) return page.then(() => this.next());
    if (this.index >= page.notes.length) {
      if (!page.next) return undefined;
      this.current = page.next();
      this.index = 0;
      return this.next();
    }
    // Half way through a page, the next is asked for: it rides in a batch the walk waits on
    // anyway, and a walk that ends within the page (most) never reads it.
    if (this.readsAhead && page.next && this.index * 2 >= page.notes.length) page.next();
    return page.notes[this.index++];
  }

  private read(after: NoteRecord | undefined, limit: number): Arriving<Page> {
    return new Arriving(
      readAhead(
        andThen(this.readPage(after, limit), ({ notes, more }): Page => {
          const last = notes[notes.length - 1];
          // The last page, unless candidates may follow it.
          if (!more || !last) return { notes, next: undefined };
          const nextLimit = Math.min(limit * 4, this.readsAhead ? PagedCursor.LARGEST_PAGE : PagedCursor.LARGEST_PAGE_AT_ONCE);
          let following: Arriving<Page> | undefined;
          return { notes, next: () => (following ??= this.read(last, nextLimit)) };
        }),
      ),
    );
  }
}

interface Page {
  readonly notes: readonly NoteRecord[];
  /** The next page, asked for once (half way through this one when reading ahead); undefined after the last one. */
  readonly next: (() => Arriving<Page>) | undefined;
}
