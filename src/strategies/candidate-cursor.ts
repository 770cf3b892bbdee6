import type { NoteRecord } from '../model/note-record.js';

/** The candidates of one relation (or of one anchor), in the order they are offered. */
export interface CandidateCursor {
  /** The next candidate, consumed; `undefined` once there are none left. */
  next(): Promise<NoteRecord | undefined>;
}

/** Candidates known in one go, such as an ancestor chain or a single parent. */
export class ListCursor implements CandidateCursor {
  private index = 0;
  private readonly notes: Promise<readonly NoteRecord[]>;

  constructor(notes: Promise<readonly NoteRecord[]> | readonly NoteRecord[]) {
    this.notes = Promise.resolve(notes);
    this.notes.catch(() => {}); // read ahead; it rejects where it is awaited, if ever
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
 * it joins the store's next batch; pages then grow, since a relation that needed one page
 * beyond the first is likely to be walked far.
 */
export class PagedCursor implements CandidateCursor {
  private page: Promise<readonly NoteRecord[]>;
  private index = 0;
  private pageSize: number;
  private exhausted = false;

  constructor(
    private readonly fetchPage: (after: NoteRecord | undefined, limit: number) => Promise<readonly NoteRecord[]>,
    firstPageSize = PagedCursor.FIRST_PAGE,
  ) {
    this.pageSize = firstPageSize;
    this.page = this.fetch(undefined);
  }

  static readonly FIRST_PAGE = 8;
  static readonly LARGEST_PAGE = 512;

  async next(): Promise<NoteRecord | undefined> {
    let page = await this.page;
    if (this.index >= page.length) {
      if (this.exhausted || page.length === 0) return undefined;
      this.pageSize = Math.min(this.pageSize * 4, PagedCursor.LARGEST_PAGE);
      this.page = this.fetch(page[page.length - 1]);
      this.index = 0;
      page = await this.page;
      if (page.length === 0) return undefined;
    }
    return page[this.index++];
  }

  private fetch(after: NoteRecord | undefined): Promise<readonly NoteRecord[]> {
    const limit = this.pageSize;
    const page = this.fetchPage(after, limit).then((found) => {
      if (found.length < limit) this.exhausted = true;
      return found;
    });
    page.catch(() => {}); // read ahead; it rejects where it is awaited, if ever
    return page;
  }
}

/** Skips one note, e.g. a referring note among the children of its own subject. */
export class ExcludingCursor implements CandidateCursor {
  constructor(
    private readonly inner: CandidateCursor,
    private readonly excludedId: number,
  ) {}

  async next(): Promise<NoteRecord | undefined> {
    let note = await this.inner.next();
    while (note && note.id === this.excludedId) note = await this.inner.next();
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

  async next(): Promise<NoteRecord | undefined> {
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
