import type { NoteRecord } from '../model/note-record.js';

/**
 * A candidate the store left out because it cannot fit any more and is not in the result (see
 * `PassOver`). It still takes its relation's turn, which is all it can change.
 */
export const PASSED_OVER = Symbol('passed over');
export type Candidate = NoteRecord | typeof PASSED_OVER;

/** The candidates of one relation (or of one anchor), in the order they are offered. */
export interface CandidateCursor {
  /** The next candidate, consumed; `undefined` once there are none left. */
  next(): Promise<Candidate | undefined>;
}

/** Candidates known in one go, such as an ancestor chain or a single parent. */
export class ListCursor implements CandidateCursor {
  private index = 0;
  private readonly notes: Promise<readonly NoteRecord[]>;

  constructor(notes: Promise<readonly NoteRecord[]> | readonly NoteRecord[]) {
    this.notes = handled(Promise.resolve(notes));
  }

  static of(note: Promise<NoteRecord | undefined> | undefined): ListCursor {
    return new ListCursor(note ? note.then((found) => (found ? [found] : [])) : []);
  }

  async next(): Promise<NoteRecord | undefined> {
    return (await this.notes)[this.index++];
  }
}

/**
 * Candidates read page by page with a keyset bound. The first page is asked for at once, so that
 * it joins the store's next batch, and each full page asks for the next as soon as it arrives:
 * the read then rides in a batch the build waits on anyway, instead of costing a round trip of
 * its own when the page runs out. Pages grow, since a relation walked past one page is likely to
 * be walked far.
 */
export class PagedCursor implements CandidateCursor {
  private current: Promise<Page>;
  private index = 0;
  /** Passed-over candidates already handed out before the record at `index`. */
  private paid = 0;

  constructor(
    private readonly fetchPage: (after: NoteRecord | undefined, limit: number) => Promise<readonly NoteRecord[]>,
    /** Told of every page as it arrives, e.g. to warm what its notes will lead to. */
    private readonly onPage?: (notes: readonly NoteRecord[]) => void,
  ) {
    this.current = handled(this.fetch(undefined, PagedCursor.FIRST_PAGE).then((page) => this.readAhead(page)));
  }

  static readonly FIRST_PAGE = 8;
  static readonly LARGEST_PAGE = 512;

  async next(): Promise<Candidate | undefined> {
    let page = await this.current;
    if (this.index >= page.notes.length) {
      if (!page.next) return undefined;
      this.current = handled(page.next.then((arrived) => this.readAhead(arrived)));
      this.index = 0;
      page = await this.current;
    }
    const note = page.notes[this.index];
    if (note === undefined) return undefined;
    if ((note.passedOver ?? 0) > this.paid) {
      this.paid++;
      return PASSED_OVER;
    }
    this.paid = 0;
    this.index++;
    return note;
  }

  /** The page being read now asks for the one after it: one page ahead, never more. */
  private readAhead(page: Page): Page {
    const last = page.notes[page.notes.length - 1];
    // A short page is the last one.
    if (!page.next && page.notes.length === page.limit && last) {
      page.next = this.fetch(last, Math.min(page.limit * 4, PagedCursor.LARGEST_PAGE));
    }
    return page;
  }

  private fetch(after: NoteRecord | undefined, limit: number): Promise<Page> {
    const page = this.fetchPage(after, limit).then((notes): Page => {
      this.onPage?.(notes);
      return { notes, limit, next: undefined };
    });
    return handled(page);
  }
}

/** A read made ahead of need: if it fails, it rejects where it is awaited, if it ever is. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

interface Page {
  readonly notes: readonly NoteRecord[];
  readonly limit: number;
  next: Promise<Page> | undefined;
}

/** Skips one note, e.g. a referring note among the children of its own subject. */
export class ExcludingCursor implements CandidateCursor {
  constructor(
    private readonly inner: CandidateCursor,
    private readonly excludedId: number,
  ) {}

  async next(): Promise<Candidate | undefined> {
    let note = await this.inner.next();
    while (note && note !== PASSED_OVER && note.id === this.excludedId) note = await this.inner.next();
    return note;
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

  async next(): Promise<Candidate | undefined> {
    while (!(this.priorDone && this.youngerDone)) {
      const fromPrior = this.youngerDone || (this.takePrior && !this.priorDone);
      this.takePrior = !fromPrior;
      const note = await (fromPrior ? this.prior : this.younger).next();
      if (note) return note;
      if (fromPrior) this.priorDone = true;
      else this.youngerDone = true;
    }
    return undefined;
  }
}
