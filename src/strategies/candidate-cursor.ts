import type { NoteRecord } from '../model/note-record.js';
import { LEFT_OUT, noteCandidate, type Candidate } from './candidate.js';
import { readAhead } from './read-ahead.js';
import { andThen, isPromise, Settling, type Soon } from './soon.js';

/** The candidates of one relation (or of one anchor), in the order they are offered. */
export interface CandidateCursor {
  /** The next candidate, consumed; `undefined` once there are none left. At once when it is read. */
  next(): Soon<Candidate | undefined>;
}

/** Candidates known in one go, such as an ancestor chain or a single parent. */
export class ListCursor implements CandidateCursor {
  private index = 0;
  private readonly notes: Settling<readonly NoteRecord[]> | undefined;
  private list: readonly NoteRecord[] | undefined;

  constructor(notes: Promise<readonly NoteRecord[]> | readonly NoteRecord[]) {
    if (isPromise(notes)) this.notes = new Settling(readAhead(notes));
    else this.list = notes;
  }

  static of(note: Promise<NoteRecord | undefined> | undefined): ListCursor {
    return new ListCursor(note ? note.then((found) => (found ? [found] : [])) : []);
  }

  next(): Soon<Candidate | undefined> {
    this.list ??= this.notes!.value;
    if (!this.list) return this.notes!.promise.then(() => this.next());
    const note = this.list[this.index++];
    return note && noteCandidate(note);
  }
}

/** A cursor made once its inputs have been read, e.g. the siblings of the object's parent. */
export class LaterCursor implements CandidateCursor {
  private readonly cursor: Settling<CandidateCursor>;

  constructor(cursor: Promise<CandidateCursor>) {
    this.cursor = new Settling(readAhead(cursor));
  }

  next(): Soon<Candidate | undefined> {
    const cursor = this.cursor.value;
    return cursor ? cursor.next() : this.cursor.promise.then((made) => made.next());
  }
}

/** Reads one page of at most `limit` notes strictly after `after` (from the start when undefined). */
export type PageReader = (after: NoteRecord | undefined, limit: number) => Promise<readonly NoteRecord[]>;

/**
 * Candidates read page by page with a keyset bound. The first page is asked for at once, so that
 * it joins the store's next batch, and each full page asks for the next as soon as it arrives:
 * the read then rides in a batch the build waits on anyway. Pages grow, since a relation walked
 * past one page is likely to be walked far. A page read with a size filter says how many notes it
 * left out before each record; each of them is offered as a left-out candidate in its place.
 */
export class PagedCursor implements CandidateCursor {
  static readonly FIRST_PAGE = 8;
  static readonly LARGEST_PAGE = 512;

  private current: Settling<Page>;
  private index = 0;
  /** Left-out candidates already offered before the record at `index`. */
  private leftOutOffered = 0;

  constructor(private readonly readPage: PageReader) {
    this.current = this.read(undefined, PagedCursor.FIRST_PAGE);
  }

  next(): Soon<Candidate | undefined> {
    let page = this.current.value;
    if (!page) return this.current.promise.then(() => this.next());
    if (this.index >= page.notes.length) {
      if (!page.next) return undefined;
      this.current = page.next;
      this.index = 0;
      page = this.current.value;
      if (!page) return this.current.promise.then(() => this.next());
    }
    const note = page.notes[this.index];
    if (note === undefined) return undefined;
    if ((note.leftOutBefore ?? 0) > this.leftOutOffered) {
      this.leftOutOffered++;
      return LEFT_OUT;
    }
    this.leftOutOffered = 0;
    this.index++;
    return noteCandidate(note);
  }

  private read(after: NoteRecord | undefined, limit: number): Settling<Page> {
    return new Settling(readAhead(
      this.readPage(after, limit).then((notes): Page => {
        const last = notes[notes.length - 1];
        // A short page is the last one; a full one asks for the next at once (one page ahead).
        const next =
          notes.length === limit && last ? this.read(last, Math.min(limit * 4, PagedCursor.LARGEST_PAGE)) : undefined;
        return { notes, next };
      }),
    ));
  }
}

interface Page {
  readonly notes: readonly NoteRecord[];
  readonly next: Settling<Page> | undefined;
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
    if (this.priorDone && this.youngerDone) return undefined;
    const fromPrior = this.youngerDone || (this.takePrior && !this.priorDone);
    this.takePrior = !fromPrior;
    return andThen((fromPrior ? this.prior : this.younger).next(), (candidate) => {
      if (candidate) return candidate;
      if (fromPrior) this.priorDone = true;
      else this.youngerDone = true;
      return this.next();
    });
  }
}
