import type { NoteRecord } from '../model/note-record.js';
import type { FilteredRecord } from '../store/size-filter.js';
import { LEFT_OUT, noteCandidate, type Candidate } from './candidate.js';
import { readAhead } from './read-ahead.js';
import { andThen, Arriving, isPromise, type Soon } from './soon.js';

/** The candidates of one relation (or of one anchor), in the order they are offered. */
export interface CandidateCursor {
  /** The next candidate, consumed; `undefined` once there are none left. At once when it is read. */
  next(): Soon<Candidate | undefined>;
}

/** Candidates known in one go, such as an ancestor chain or a single parent. */
export class ListCursor implements CandidateCursor {
  private index = 0;
  private readonly notes: Arriving<readonly NoteRecord[]>;

  constructor(notes: Soon<readonly NoteRecord[]>) {
    this.notes = new Arriving(readAhead(notes));
  }

  static of(note: Soon<NoteRecord | undefined> | undefined): ListCursor {
    return new ListCursor(andThen(note, (found) => (found ? [found] : [])));
  }

  next(): Soon<Candidate | undefined> {
    const notes = this.notes.get();
    if (isPromise(notes)) return notes.then(() => this.next());
    const note = notes[this.index++];
    return note && noteCandidate(note);
  }
}

/** A cursor made once its inputs have been read, e.g. the siblings of the object's parent. */
export class LaterCursor implements CandidateCursor {
  private readonly cursor: Arriving<CandidateCursor>;

  constructor(cursor: Soon<CandidateCursor>) {
    this.cursor = new Arriving(readAhead(cursor));
  }

  next(): Soon<Candidate | undefined> {
    return andThen(this.cursor.get(), (cursor) => cursor.next());
  }
}

/** One page of a relation, and whether candidates may follow it. */
export interface PageRead {
  readonly notes: readonly FilteredRecord[];
  readonly more: boolean;
}

/**
 * Reads one page of at most `limit` notes strictly after `after` (from the start when undefined),
 * and says whether candidates may follow it.
 */
export type PageReader = (after: NoteRecord | undefined, limit: number) => Soon<PageRead>;

/**
 * Candidates read page by page with a keyset bound. Pages grow, since a relation walked past one
 * page is likely to be walked far. A page read with a size filter says how many notes it left out
 * before each record, and may end with a note it left out; each of them is offered as a left-out
 * candidate in its place.
 *
 * Reading ahead (for a store with round trips): the first page is asked for at once, so that it
 * joins the store's next batch, and the next page is asked for once the walk is half way through
 * the current one: the read then rides in a batch the build waits on anyway. Without (a store that answers at once),
 * each page is read when it is needed, so a page is never read for a walk that ends before it,
 * and each is read with the filter of its own moment.
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
   * nothing: this keeps a step short (a filtered page over a hub examines 16 notes per record,
   * and measures each the first time).
   */
  static readonly LARGEST_PAGE_AT_ONCE = 16;

  private current: Arriving<Page> | undefined;
  private index = 0;
  /** Left-out candidates already offered before the record at `index`. */
  private leftOutOffered = 0;

  constructor(
    private readonly readPage: PageReader,
    private readonly readsAhead = true,
  ) {
    if (readsAhead) this.current = this.read(undefined, PagedCursor.FIRST_PAGE);
  }

  next(): Soon<Candidate | undefined> {
    this.current ??= this.read(undefined, PagedCursor.FIRST_PAGE);
    const page = this.current.get();
    if (isPromise(page)) return page.then(() => this.next());
    if (this.index >= page.notes.length) {
      if (!page.next) return undefined;
      this.current = page.next();
      this.index = 0;
      return this.next();
    }
    const note = page.notes[this.index]!;
    // Half way through a page, the next is asked for: it rides in a batch the walk waits on
    // anyway, and a walk that ends within the page (most) never reads it.
    if (this.readsAhead && page.next && this.index * 2 >= page.notes.length) page.next();
    if ((note.leftOutBefore ?? 0) > this.leftOutOffered) {
      this.leftOutOffered++;
      return LEFT_OUT;
    }
    this.leftOutOffered = 0;
    this.index++;
    return note.leftOut ? LEFT_OUT : noteCandidate(note);
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
  readonly notes: readonly FilteredRecord[];
  /** The next page, asked for once (half way through this one when reading ahead); undefined after the last one. */
  readonly next: (() => Arriving<Page>) | undefined;
}

/** Skips one note, e.g. a referring note among the children of its own subject. */
export class ExcludingCursor implements CandidateCursor {
  constructor(
    private readonly inner: CandidateCursor,
    private readonly excludedId: number,
  ) {}

  next(): Soon<Candidate | undefined> {
    for (;;) {
      const candidate = this.inner.next();
      if (isPromise(candidate)) return candidate.then((found) => (this.isExcluded(found) ? this.next() : found));
      if (!this.isExcluded(candidate)) return candidate;
    }
  }

  private isExcluded(candidate: Candidate | undefined): boolean {
    return candidate?.kind === 'note' && candidate.note.id === this.excludedId;
  }
}

/** Nearest prior, nearest younger, second prior, … ; a side that runs out is skipped. */
export class SpiralCursor implements CandidateCursor {
  private takePrior = true;
  private priorDone = false;
  private youngerDone = false;

  constructor(
    private readonly prior: CandidateCursor,
    private readonly younger: CandidateCursor,
  ) {}

  next(): Soon<Candidate | undefined> {
    while (!(this.priorDone && this.youngerDone)) {
      const fromPrior = this.youngerDone || (this.takePrior && !this.priorDone);
      this.takePrior = !fromPrior;
      const offered = (fromPrior ? this.prior : this.younger).next();
      if (isPromise(offered)) return offered.then((candidate) => this.took(candidate, fromPrior) ?? this.next());
      if (this.took(offered, fromPrior)) return offered;
    }
    return undefined;
  }

  /** Marks a side done when it offered nothing. */
  private took(candidate: Candidate | undefined, fromPrior: boolean): Candidate | undefined {
    if (!candidate) {
      if (fromPrior) this.priorDone = true;
      else this.youngerDone = true;
    }
    return candidate;
  }

}
