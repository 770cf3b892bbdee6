import { takeCodePoints } from '../../model/code-points.js';
import {
  compareSiblingKeys,
  type NoteId,
  type NoteLink,
  type NoteRecord,
  type SiblingKey,
} from '../../model/note-record.js';
import type {
  ChildrenPageRequest,
  NoteReader,
  NoteStore,
  ReadRequest,
  SizeFilter,
  ReadScope,
  ReferringPageRequest,
} from '../note-store.js';
import { noteShape, type ShownSize } from '../../model/shown-size.js';
import type { FindNotesOptions, FoundNote, NoteFinder } from '../note-finder.js';
import type { Fixture, NoteData } from './fixture.js';
import { findNotesIn } from './find-notes.js';
import { ShownSizeCache, type TextSize } from './shown-size-cache.js';

/**
 * The embedded store: a fixture held in memory, indexed by parent and by object so that a page
 * of children or referrings costs a binary search, not a scan of the notebook.
 */
export class MemoryNoteStore implements NoteStore, NoteFinder {
  private readonly byId = new Map<NoteId, NoteData>();
  /** Children of each parent id in sibling order, deleted ones included (filtered per read). */
  private readonly childrenOf = new Map<NoteId, NoteData[]>();
  /** Notes whose object is the key, by ascending id. */
  private readonly referringsOf = new Map<NoteId, NoteData[]>();
  private readonly sizes = new ShownSizeCache();
  /** Per details limit, what unscoped readers made of each note (see `UnscopedCache`). */
  private readonly unscoped = new Map<number, UnscopedCache>();

  constructor(fixture: Fixture) {
    for (const note of fixture.notes) {
      this.byId.set(note.id, note);
      if (note.parentId !== undefined) push(this.childrenOf, note.parentId, note);
      if (note.objectId !== undefined) push(this.referringsOf, note.objectId, note);
    }
    for (const list of this.childrenOf.values()) list.sort(compareSiblingKeys);
    for (const list of this.referringsOf.values()) list.sort((a, b) => a.id - b.id);
  }

  /** Reads are synchronous, so an aborted `signal` is noticed when opening and at each read. */
  async openReader(scope: ReadScope, signal?: AbortSignal): Promise<NoteReader> {
    signal?.throwIfAborted();
    const cache = scope.readableNotebooks === undefined ? this.unscopedCache(scope.detailsLimit) : undefined;
    return new MemoryNoteReader(this.byId, this.childrenOf, this.referringsOf, this.sizes, cache, scope, signal);
  }

  private unscopedCache(detailsLimit: number): UnscopedCache {
    let cache = this.unscoped.get(detailsLimit);
    if (!cache) {
      // A few limits at most: callers use one or two, and each cache may grow to the notebook's size.
      if (this.unscoped.size >= MOST_CACHED_LIMITS) this.unscoped.delete(this.unscoped.keys().next().value!);
      cache = { records: new Map(), shown: new Map() };
      this.unscoped.set(detailsLimit, cache);
    }
    return cache;
  }

  async findNotes(query: string, options: FindNotesOptions): Promise<readonly FoundNote[]> {
    return findNotesIn(this.byId.values(), query, options);
  }
}

/**
 * What a reader that sees every notebook makes of a note, for one details limit, kept across
 * builds: a fixture never changes, so neither do its records (which the core never mutates) nor
 * the size the size rule measures. A build near a hub reads its pages again and again; making
 * each record once is most of what reading from memory costs.
 */
interface UnscopedCache {
  readonly records: Map<NoteId, NoteRecord>;
  readonly shown: Map<NoteId, ShownSize>;
}

const MOST_CACHED_LIMITS = 4;

class MemoryNoteReader implements NoteReader {
  readonly roundTrips = 0;

  constructor(
    private readonly byId: ReadonlyMap<NoteId, NoteData>,
    private readonly childrenOf: ReadonlyMap<NoteId, readonly NoteData[]>,
    private readonly referringsOf: ReadonlyMap<NoteId, readonly NoteData[]>,
    private readonly sizes: ShownSizeCache,
    /** Undefined when the scope hides notebooks: links then depend on it. */
    private readonly cache: UnscopedCache | undefined,
    private readonly scope: ReadScope,
    private readonly signal: AbortSignal | undefined,
  ) {}

  async read(requests: readonly ReadRequest[]) {
    this.signal?.throwIfAborted();
    return requests.map((request) => this.answer(request));
  }

  readNow(request: ReadRequest): readonly NoteRecord[] {
    this.signal?.throwIfAborted();
    return this.answer(request);
  }

  private answer(request: ReadRequest): NoteRecord[] {
    switch (request.kind) {
      case 'note': {
        const note = this.record(this.visible(request.id), request.full);
        return note ? [note] : [];
      }
      case 'ancestors':
        return this.ancestors(request.id);
      case 'children':
        return this.childrenPage(request);
      case 'referrings':
        return this.referringPage(request);
    }
  }

  private ancestors(id: NoteId): NoteRecord[] {
    const found: NoteRecord[] = [];
    const seen = new Set<NoteId>([id]);
    let parent = this.visible(this.visible(id)?.parentId);
    while (parent && !seen.has(parent.id)) {
      seen.add(parent.id);
      found.push(this.record(parent, false)!);
      parent = this.visible(parent.parentId);
    }
    return found;
  }

  private childrenPage(request: ChildrenPageRequest): NoteRecord[] {
    const siblings = this.childrenOf.get(request.parentId) ?? [];
    const ascending = request.direction === 'asc';
    const step = ascending ? 1 : -1;
    let index = request.after === undefined
      ? (ascending ? 0 : siblings.length - 1)
      : firstBeyond(siblings, request.after, ascending, compareSiblingKeys);
    const page = this.pageCollector(request.limit, request.filter);
    for (; index >= 0 && index < siblings.length && !page.full(); index += step) page.offer(siblings[index]!);
    return page.records;
  }

  private referringPage(request: ReferringPageRequest): NoteRecord[] {
    const referrings = this.referringsOf.get(request.objectId) ?? [];
    let index = request.afterId === undefined
      ? 0
      : firstBeyond(referrings, { siblingOrder: 0, id: request.afterId }, true, (a, b) => a.id - b.id);
    const page = this.pageCollector(request.limit, request.filter);
    for (; index < referrings.length && !page.full(); index++) page.offer(referrings[index]!);
    return page.records;
  }

  /** Gathers a page's visible notes, leaving out and counting those `filter` leaves out. */
  private pageCollector(limit: number, filter: SizeFilter | undefined) {
    const records: NoteRecord[] = [];
    const keep = new Set(filter?.keep);
    let leftOut = 0;
    return {
      records,
      full: () => records.length >= limit,
      offer: (note: NoteData) => {
        if (!this.isVisible(note)) return;
        if (filter && !keep.has(note.id) && this.showsTooMuch(note, filter)) {
          leftOut++;
          return;
        }
        const record = this.record(note, false)!;
        records.push(filter ? { ...record, leftOutBefore: leftOut } : record);
        leftOut = 0;
      },
    };
  }

  /** The size rule (`shownSizeOf`) from cached byte counts, without making the record. */
  private showsTooMuch(note: NoteData, filter: SizeFilter): boolean {
    let shown = this.cache?.shown.get(note.id);
    if (!shown) {
      shown = this.shownSize(note);
      this.cache?.shown.set(note.id, shown);
    }
    return shown.textBytes > filter.maxTextBytes[shown.shape]! || shown.wordStarts > filter.maxWordStarts[shown.shape]!;
  }

  private shownSize(note: NoteData): ShownSize {
    const parent = this.visible(note.parentId);
    const object = this.visible(note.objectId);
    const shape = noteShape(Boolean(note.details), parent !== undefined, object !== undefined);
    const sizes: TextSize[] = [this.sizes.title(note), this.sizes.details(note, this.scope.detailsLimit)];
    if (parent) sizes.push(this.sizes.title(parent));
    if (object) sizes.push(this.sizes.title(object));
    let textBytes = 0;
    let wordStarts = 0;
    for (const size of sizes) {
      textBytes += size.bytes;
      wordStarts += size.wordStarts;
    }
    return { shape, textBytes, wordStarts };
  }

  async close(): Promise<void> {}

  private isVisible(note: NoteData): boolean {
    const readable = this.scope.readableNotebooks;
    return note.deletedAt === undefined && (readable === undefined || readable.has(note.notebookId));
  }

  private visible(id: NoteId | undefined): NoteData | undefined {
    const note = id === undefined ? undefined : this.byId.get(id);
    return note && this.isVisible(note) ? note : undefined;
  }

  private link(id: NoteId | undefined): NoteLink | undefined {
    const note = this.visible(id);
    return note && { id: note.id, title: note.title };
  }

  private record(note: NoteData | undefined, full: boolean): NoteRecord | undefined {
    if (!note) return undefined;
    if (full || !this.cache) return this.makeRecord(note, full);
    let record = this.cache.records.get(note.id);
    if (!record) {
      record = this.makeRecord(note, false);
      this.cache.records.set(note.id, record);
    }
    return record;
  }

  private makeRecord(note: NoteData, full: boolean): NoteRecord {
    const parent = this.link(note.parentId);
    const object = this.link(note.objectId);
    const details = note.details && (full ? note.details : takeCodePoints(note.details, this.scope.detailsLimit + 1).head);
    return {
      id: note.id,
      title: note.title,
      ...(details ? { details } : {}),
      ...(parent && { parent }),
      ...(object && { object }),
      siblingOrder: note.siblingOrder,
      notebookId: note.notebookId,
    };
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Index of the first element strictly beyond `key` when walking `sorted` in that direction. */
function firstBeyond(
  sorted: readonly SiblingKey[],
  key: SiblingKey,
  ascending: boolean,
  compare: (a: SiblingKey, b: SiblingKey) => number,
): number {
  // lo ends as the number of elements <= key (ascending) or < key (descending).
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compare(sorted[mid]!, key);
    if (ascending ? c <= 0 : c < 0) lo = mid + 1;
    else hi = mid;
  }
  return ascending ? lo : lo - 1;
}
