import DataLoader from 'dataloader';
import type { NoteId, NoteRecord, SiblingKey } from '../model/note-record.js';
import type { FeedingRelation } from '../relationships/dependencies.js';
import type { NoteReader } from '../store/note-store.js';
import type { CapableReadRequest } from '../store/reader-capabilities.js';
import { requestKey } from '../store/request-key.js';
import type { PageRequest } from '../store/page-request.js';
import type { Load, PageReading } from './page-reading.js';
import type { Seen } from './seen.js';
import type { PageRead } from './page-read.js';
import { readAhead } from './read-ahead.js';
import { andThen, type Soon } from './soon.js';
import { Arriving } from './arriving.js';

export interface LoaderOptions {
  /** How a page is read; asked at each page (`readWholePage` unless a shortcut says otherwise). */
  readonly readPage: PageReading;
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
  private readonly load: Load;
  private readonly warmed = new Map<FeedingRelation, number>();
  /** Whether the reader takes `siblings` requests (`ReaderCapabilities.siblingsPages`). */
  readonly readsSiblings: boolean;
  /** Whether reads are started before they are needed (for a reader with round trips to save). */
  readonly readsAhead: boolean;

  constructor(
    reader: NoteReader,
    private readonly options: LoaderOptions,
  ) {
    const capabilities = reader.capabilities;
    this.readsSiblings = capabilities?.siblingsPages === true;
    const readNow = capabilities?.readNow?.bind(capabilities);
    this.readsAhead = readNow === undefined;
    this.load = readNow ?? batched(reader);
  }

  note(id: NoteId, full = false): Soon<NoteRecord | undefined> {
    return readAhead(andThen(this.load({ kind: 'note', id, full }), (found) => found[0]));
  }

  /** The visible ancestors of `id`, in any order (see `AncestorsRequest`). */
  ancestors(id: NoteId): Soon<readonly NoteRecord[]> {
    return this.load({ kind: 'ancestors', id });
  }

  /** `read` is told of every page's records as the store returned them (to warm their dependents). */
  children(parentId: NoteId, direction: 'asc' | 'desc', after: SiblingKey | undefined, limit: number, read?: Seen): Soon<PageRead> {
    const bound = after && { after: { siblingOrder: after.siblingOrder, id: after.id } };
    return this.page({ kind: 'children', parentId, direction, ...bound, limit }, read);
  }

  /** The first page of the siblings of `of` (`up` 0) or of its parent (`up` 1) on one side (see `SiblingsPageRequest`). */
  siblings(of: NoteId, up: 0 | 1, direction: 'asc' | 'desc', limit: number, read?: Seen): Soon<PageRead> {
    return this.page({ kind: 'siblings', of, up, direction, limit }, read);
  }

  referrings(objectId: NoteId, afterId: NoteId | undefined, limit: number, read?: Seen): Soon<PageRead> {
    return this.page({ kind: 'referrings', objectId, ...(afterId !== undefined && { afterId }), limit }, read);
  }

  private page(request: PageRequest, read: Seen | undefined): Soon<PageRead> {
    const load: Load = read ? (request) => andThen(this.load(request), (notes) => (read(notes), notes)) : this.load;
    return this.options.readPage(request, load);
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
}


/**
 * Requests batched per tick through DataLoader, its cache keyed by `requestKey`. Each answer is
 * held as it arrives, so that a request read earlier is at hand without waiting for a microtask.
 */
function batched(reader: NoteReader): Load {
  // A request beyond the required ones is only sent to a reader that declared it takes it.
  const read = reader.read.bind(reader) as (requests: readonly CapableReadRequest[]) => Promise<readonly (readonly NoteRecord[])[]>;
  const loader = new DataLoader(read, { cacheKeyFn: requestKey });
  const answers = new Map<string, Arriving<readonly NoteRecord[]>>();
  return (request) => {
    const key = requestKey(request);
    let answer = answers.get(key);
    if (!answer) {
      answer = new Arriving(readAhead(loader.load(request)));
      answers.set(key, answer);
    }
    return answer.get();
  };
}
