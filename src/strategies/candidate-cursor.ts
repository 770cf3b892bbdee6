import type { NoteRecord } from '../model/note-record.js';
import { LEFT_OUT, noteCandidate, type Candidate } from './candidate.js';
import { readAhead } from './read-ahead.js';

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
    this.notes = readAhead(Promise.resolve(notes));
  }

  static of(note: Promise<NoteRecord | undefined> | undefined): ListCursor {
    return new ListCursor(note ? note.then((found) => (found ? [found] : [])) : []);
  }

  async next(): Promise<Candidate | undefined> {
    const note = (await this.notes)[this.index++];
    return note && noteCandidate(note);
  }
}

/** A cursor made once its inputs have been read, e.g. the siblings of the object's parent. */
export class LaterCursor implements CandidateCursor {
  private readonly cursor: Promise<CandidateCursor>;

  constructor(cursor: Promise<CandidateCursor>) {
    this.cursor = readAhead(cursor);
  }

  async next(): Promise<Candidate | undefined> {
    return (await this.cursor).next();
  }
}

/** One page of a relation, and whether candidates may follow it. */
export interface PageRead {
  readonly notes: readonly NoteRecord[];
  readonly more: boolean;
}

/**
 * Reads one page of at most `limit` notes strictly after `after` (from the start when undefined),
 * and says whether candidates may follow it.
 */
export type PageReader = (after: NoteRecord | undefined, limit: number) => Promise<PageRead>;

/**
 * Candidates read page by page with a keyset bound. The first page is asked for at once, so that
 * it joins the store's next batch, and each full page asks for the next as soon as it arrives:
 * the read then rides in a batch the build waits on anyway. Pages grow, since a relation walked
 * past one page is likely to be walked far. A page read with a size filter says how many notes it
 * left out before each record, and may end with a note it left out; each of them is offered as a
 * left-out candidate in its place.
 */
export class PagedCursor implements CandidateCursor {
  static readonly FIRST_PAGE = 8;
  static readonly LARGEST_PAGE = 512;

  private current: Promise<Page>;
  private index = 0;
  /** Left-out candidates already offered before the record at `index`. */
  private leftOutOffered = 0;

  constructor(private readonly readPage: PageReader) {
    this.current = this.read(undefined, PagedCursor.FIRST_PAGE);
  }

  async next(): Promise<Candidate | undefined> {
    let page = await this.current;
    if (this.index >= page.notes.length) {
      if (!page.next) return undefined;
      this.current = page.next;
      this.index = 0;
      page = await this.current;
    }
    const note = page.notes[this.index];
    if (note === undefined) return undefined;
    if ((note.leftOutBefore ?? 0) > this.leftOutOffered) {
      this.leftOutOffered++;
      return LEFT_OUT;
    }
    this.leftOutOffered = 0;
    this.index++;
    return note.leftOut ? LEFT_OUT : noteCandidate(note);
  }

  private read(after: NoteRecord | undefined, limit: number): Promise<Page> {
    return readAhead(
      this.readPage(after, limit).then(({ notes, more }): Page => {
        const last = notes[notes.length - 1];
        // A page that may have more after it asks for the next at once (one page ahead).
        const next = more && last ? this.read(last, Math.min(limit * 4, PagedCursor.LARGEST_PAGE)) : undefined;
        return { notes, next };
      }),
    );
  }
}

interface Page {
  readonly notes: readonly NoteRecord[];
  readonly next: Promise<Page> | undefined;
}

/** Skips one note, e.g. a referring note among the children of its own subject. */
export class ExcludingCursor implements CandidateCursor {
  constructor(
    private readonly inner: CandidateCursor,
    private readonly excludedId: number,
  ) {}

  async next(): Promise<Candidate | undefined> {
    let candidate = await this.inner.next();
    while (candidate?.kind === 'note' && candidate.note.id === this.excludedId) candidate = await this.inner.next();
    return candidate;
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
      const candidate = await (fromPrior ? this.prior : this.younger).next();
      if (candidate) return candidate;
      if (fromPrior) this.priorDone = true;
      else this.youngerDone = true;
    }
    return undefined;
  }
}
