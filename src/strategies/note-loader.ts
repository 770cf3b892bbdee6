import DataLoader from 'dataloader';
import type { NoteId, NoteRecord, SiblingKey } from '../model/note-record.js';
import type { FeedingRelation } from '../relationships/dependencies.js';
import type { ChildrenPageRequest, NoteReader, ReferringPageRequest } from '../store/note-store.js';
import type { CapableReadRequest } from '../store/reader-capabilities.js';
import type { SiblingsPageRequest } from '../store/siblings-page-request.js';
import type { FilteredRecord, SizeFilter } from '../store/size-filter.js';
import type { PageRead } from './candidate-cursor.js';
import { readAhead } from './read-ahead.js';
import { andThen, Arriving, type Soon } from './soon.js';

export interface LoaderOptions {
  /**
   * Asked each time a page is read: what it may leave out now. Undefined reads everything. Once
   * it gives a filter it must go on giving one (the budget only shrinks).
   */
  readonly pageFilter: () => Omit<SizeFilter, 'scan'> | undefined;
  /** Whether to start the reads a feeding relation's notes would lead to before they are reached. */
  readonly warmDependents: boolean;
}

/**
 * Notes of a feeding relation whose dependents' first reads are started before they are fed.
 * Measured on a generated 20k-note notebook, budget 2,000: 8 let a few builds need 11 round
 * trips; warming every note made statements of ~65 children pages; 32 keeps both in check.
 */
const WARMED_PER_FEEDER = 32;

/**
 * A filtered page examines this many candidates per record it may return: enough that a page
 * whose notes mostly cannot fit still moves far, few enough that one statement stays short.
 */
const SCANNED_PER_RECORD = 16;
const scanFor = (limit: number) => limit * SCANNED_PER_RECORD;

/**
 * The core's view of a reader: one request at a time for the strategies, one batch per tick for
 * the store. Every request issued before the build next waits on the store goes out together, so
 * cursors that ask for their first page as soon as they exist cost no extra round trip. It also
 * owns reading ahead: pages read one ahead (by the cursors), and the dependents' reads of a
 * feeding relation's first notes.
 *
 * A reader that answers at once (`readNow`, a store in memory) is read directly, each request
 * when it is needed: batching and reading ahead only save round trips, and there it has none to
 * save, while every promise and every row read for nothing costs.
 */
export class NoteLoader {
  private readonly loader: DataLoader<CapableReadRequest, readonly FilteredRecord[], string> | undefined;
  private readonly readNow: ((request: CapableReadRequest) => readonly FilteredRecord[]) | undefined;
  /** Whether the reader takes a size filter on its pages (`ReaderCapabilities.sizeFilter`). */
  private readonly filters: boolean;
  /** Whether the reader takes `siblings` requests (`ReaderCapabilities.siblingsPages`). */
  readonly readsSiblings: boolean;
  private readonly warmed = new Map<FeedingRelation, number>();
  /**
   * Every request read or being read, by what it asks. A page read earlier serves a later
   * request for the same page whatever its filter: what it left out could not fit then, so it
   * cannot fit later (the budget only shrinks). Once read, it is at hand without waiting.
   */
  private readonly answers = new Map<string, Arriving<readonly FilteredRecord[]>>();

  constructor(
    reader: NoteReader,
    private readonly options: LoaderOptions,
  ) {
    const capabilities = reader.capabilities;
    this.filters = capabilities?.sizeFilter === true;
    this.readsSiblings = capabilities?.siblingsPages === true;
    if (capabilities?.readNow) {
      const readNow = capabilities.readNow.bind(capabilities);
      this.readNow = readNow;
    } else {
      // The loader's own cache (`answers`) stands in for DataLoader's, which answers a request
      // it holds only when its next batch goes out: a page read with the focus note would then
      // lead to its dependents' reads a round trip late.
      // A request beyond the required ones is only sent to a reader that declared it takes it.
      const read = reader.read.bind(reader) as (requests: readonly CapableReadRequest[]) => Promise<readonly (readonly FilteredRecord[])[]>;
      this.loader = new DataLoader(read, { cache: false });
    }
  }

  /** Whether reads are started before they are needed (for a reader with round trips to save). */
  get readsAhead(): boolean {
    return this.loader !== undefined;
  }

  note(id: NoteId, full = false): Soon<NoteRecord | undefined> {
    return readAhead(andThen(this.load({ kind: 'note', id, full }), (found) => found[0]));
  }

  /** The visible ancestors of `id`, in any order (see `AncestorsRequest`). */
  ancestors(id: NoteId): Soon<readonly NoteRecord[]> {
    return this.load({ kind: 'ancestors', id });
  }

  children(parentId: NoteId, direction: 'asc' | 'desc', after: SiblingKey | undefined, limit: number): Soon<PageRead> {
    const bound = after && { after: { siblingOrder: after.siblingOrder, id: after.id } };
    return this.page({ kind: 'children', parentId, direction, ...bound, limit });
  }

  /** The first page of the siblings of `of` (`up` 0) or of its parent (`up` 1) on one side (see `SiblingsPageRequest`). */
  siblings(of: NoteId, up: 0 | 1, direction: 'asc' | 'desc', limit: number): Soon<PageRead> {
    return this.page({ kind: 'siblings', of, up, direction, limit });
  }

  referrings(objectId: NoteId, afterId: NoteId | undefined, limit: number): Soon<PageRead> {
    return this.page({ kind: 'referrings', objectId, ...(afterId !== undefined && { afterId }), limit });
  }

  /** A page read with the filter of this moment, if any (see `SizeFilter`). */
  private page(request: ChildrenPageRequest | SiblingsPageRequest | ReferringPageRequest): Soon<PageRead> {
    const filter = this.filters ? this.options.pageFilter() : undefined;
    const notes = this.load(filter ? { ...request, filter: { ...filter, scan: scanFor(request.limit) } } : request);
    return andThen(notes, (page) => pageRead(page, request.limit));
  }


  /**
   * Starts the reads that the first notes of `feeder`'s pages would lead to once reached
   * (`start` issues them), so that they ride in an early batch. Only the first few: a feeder's
   * notes become anchors a few per round, and warming a hub's whole page made huge statements.
   */
  warm(feeder: FeedingRelation, notes: readonly NoteRecord[], start: (note: NoteRecord) => void): void {
    if (!this.options.warmDependents || !this.readsAhead) return;
    const done = this.warmed.get(feeder) ?? 0;
    const ahead = notes.slice(0, Math.max(0, WARMED_PER_FEEDER - done));
    this.warmed.set(feeder, done + ahead.length);
    for (const note of ahead) start(note);
  }

  private load(request: CapableReadRequest): Soon<readonly FilteredRecord[]> {
    if (this.readNow) return this.readNow(request);
    const key = JSON.stringify({ ...request, filter: undefined });
    let answer = this.answers.get(key);
    if (!answer) {
      answer = new Arriving(readAhead(this.loader!.load(request)));
      this.answers.set(key, answer);
    }
    return answer.get();
  }
}

/**
 * A page is the last when it came back short: fewer records than asked for and, for a filtered
 * page (its records say what they left out), fewer candidates examined than its scan allowed.
 */
function pageRead(notes: readonly FilteredRecord[], limit: number): PageRead {
  if (notes.length >= limit) return { notes, more: true };
  if (notes[0]?.leftOutBefore === undefined) return { notes, more: false };
  const examined = notes.reduce((sum, note) => sum + 1 + note.leftOutBefore!, 0);
  return { notes, more: examined >= scanFor(limit) };
}
