import { takeCodePoints } from '../../model/take-code-points.js';
import { compareSiblingKeys, type NoteId, type NoteLink, type NoteRecord, type SiblingKey } from '../../model/note-record.js';
import { noteShape } from '../../model/note-shape.js';
import type { ShownSize } from '../../store/shown-size.js';
import type { NoteReader, ReadScope } from '../note-store.js';
import type { ExtendedReadRequest } from '../read-request.js';
import type { FilteredRecord, SizeFilter } from '../size-filter.js';
import type { NoteData } from './fixture.js';
import type { ShownSizeCache } from './shown-size-cache.js';
import { DELETED, type UnscopedCache } from './unscoped-cache.js';
import type { LinkIndex } from './link-index.js';
import { linkingNotesOf } from '../../links/linking-notes-of.js';
import { linkedNotesOf } from '../../links/linked-notes-of.js';
import { titleKeyOf } from '../../links/title-key-of.js';
import { getOrMake } from '../get-or-make.js';

/** The notes of a memory store, indexed (see `MemoryNoteStore`). */
export interface MemoryIndex {
  readonly byId: ReadonlyMap<NoteId, NoteData>;
  /** Children of each parent id in sibling order, deleted ones included (filtered per read). */
  readonly childrenOf: ReadonlyMap<NoteId, readonly NoteData[]>;
  /** Notes whose object is the key, by ascending id. */
  readonly referringsOf: ReadonlyMap<NoteId, readonly NoteData[]>;
  readonly sizes: ShownSizeCache;
  /** The notes' links, found the first time a build asks for them. */
  links(): LinkIndex;
}

const NONE: readonly NoteData[] = [];

/** A filtered page asks a least cost (exact tokens) anew of at most this many notes, not to hold the event loop for long. */
const MOST_LEAST_COSTS_ASKED = 512;

/** Reads are synchronous: it answers each request at once (`readNow`), and notices an aborted `signal` at each. */
export class MemoryNoteReader implements NoteReader {
  readonly roundTrips = 0;

  constructor(
    private readonly index: MemoryIndex,
    /** Undefined when the scope hides notebooks: links and sizes then depend on it. */
    private readonly cache: UnscopedCache | undefined,
    private readonly scope: ReadScope, private readonly signal: AbortSignal | undefined,
  ) {}

  async read(requests: readonly ExtendedReadRequest[]) {
    return requests.map((request) => this.readNow(request));
  }

  readonly readExtended = this.read;

  async close(): Promise<void> {}

  readNow(request: ExtendedReadRequest): FilteredRecord[] {
    this.signal?.throwIfAborted();
    switch (request.kind) {
      case 'note': {
        const note = this.visible(request.id);
        return note ? [request.full ? this.makeRecord(note, true) : this.record(note)] : [];
      }
      case 'ancestors': {
        const found: NoteRecord[] = [];
        const seen = new Set<NoteId>([request.id]);
        let parent = this.visible(this.visible(request.id)?.parentId);
        while (parent && !seen.has(parent.id)) {
          seen.add(parent.id);
          found.push(this.record(parent));
          parent = this.visible(parent.parentId);
        }
        return found;
      }
      case 'children': {
        const siblings = this.index.childrenOf.get(request.parentId) ?? NONE;
        const ascending = request.direction === 'asc';
        const from = request.after ? firstBeyond(siblings, request.after, ascending, compareSiblingKeys) : (ascending ? 0 : siblings.length - 1);
        return this.page(siblings, from, ascending ? 1 : -1, request.limit, request.filter);
      }
      case 'siblings': {
        const self = this.visible(request.of);
        const note = request.up === 0 ? self : this.visible(self?.parentId);
        const parent = this.visible(note?.parentId);
        if (!note || !parent) return [];
        return this.readNow({ ...request, kind: 'children', parentId: parent.id, after: note });
      }
      case 'referrings': {
        const referrings = this.index.referringsOf.get(request.objectId) ?? NONE;
        const from = request.afterId === undefined
          ? 0
          : firstBeyond(referrings, { siblingOrder: 0, id: request.afterId }, true, (a, b) => a.id - b.id);
        return this.page(referrings, from, 1, request.limit, request.filter);
      }
      case 'linked':
      case 'linking': {
        const note = this.visible(request.id);
        if (!note) return [];
        const links = this.index.links();
        if (request.kind === 'linked') {
          const namesakes = links.targetsOf(note).flatMap((target) => this.visibleOf(links.titledAs(target)));
          return linkedNotesOf(note.details, note.notebookId, namesakes).map((linked) => this.record(linked));
        }
        const key = titleKeyOf(note.title);
        const linking = this.visibleOf(links.linkingTo(key));
        return linkingNotesOf(note, this.visibleOf(links.titledAs(key)), linking, (other) => links.targetsOf(other)).map((other) => this.record(other));
      }
    }
  }

  private visibleOf(notes: readonly NoteData[]): NoteData[] {
    return notes.filter((note) => this.isVisible(note));
  }

  /** At most `limit` visible notes of `list`, from `index` on by `step`, as a page's records. */
  private page(list: readonly NoteData[], index: number, step: 1 | -1, limit: number, filter: SizeFilter | undefined): FilteredRecord[] {
    if (filter) return this.filteredPage(list, index, step, limit, filter);
    const records: FilteredRecord[] = [];
    for (; index >= 0 && index < list.length && records.length < limit; index += step) {
      const note = list[index]!;
      if (this.isVisible(note)) records.push(this.record(note));
    }
    return records;
  }

  /** A page with `filter`, measured without making records; with every notebook readable, from the packed sizes and least cost. */
  private filteredPage(list: readonly NoteData[], index: number, step: 1 | -1, limit: number, filter: SizeFilter): FilteredRecord[] {
    const records: FilteredRecord[] = [];
    const keep = new Set(filter.keep);
    const sizes = this.cache?.sizesOf(list);
    const least = filter.leastCost;
    // Least costs asked for the first time on this page, at most MOST_LEAST_COSTS_ASKED.
    let asked = 0;
    const mayAsk = () => asked++ < MOST_LEAST_COSTS_ASKED;
    const showsTooMuch = (shape: number, textBytes: number, wordStarts: number) =>
      textBytes > filter.maxTextBytes[shape]! || wordStarts > filter.maxWordStarts[shape]!;
    // Whether the note at `index` is visible and, if so, shows more than the filter allows.
    const tooMuchAt = (index: number): boolean | undefined => {
      if (sizes) {
        // A note is visible unless deleted, and its sizes never change.
        const shape = sizes.shape(index, this.shownSize);
        if (shape === DELETED) return undefined;
        if (keep.has(sizes.id(index))) return false;
        const textBytes = sizes.textBytes(index);
        const wordStarts = sizes.wordStarts(index);
        if (showsTooMuch(shape, textBytes, wordStarts)) return true;
        if (least === undefined || least.floor({ shape, textBytes, wordStarts }) > least.max) return least !== undefined;
        return sizes.leastCost(index, least.of, mayAsk, this.record) > least.max;
      }
      const note = list[index]!;
      if (!this.isVisible(note)) return undefined;
      const shown = this.shownSize(note);
      return showsTooMuch(shown.shape, shown.textBytes, shown.wordStarts) && !keep.has(note.id);
    };
    let examined = 0;
    let leftOut = 0;
    let lastLeftOut = -1;
    // Records copied with Object.assign: a spread followed by a new key is slow on Node 20.
    for (; index >= 0 && index < list.length && records.length < limit && examined < filter.scan; index += step) {
      const tooMuch = tooMuchAt(index);
      if (tooMuch === undefined) continue;
      examined++;
      if (tooMuch) {
        leftOut++;
        lastLeftOut = index;
        continue;
      }
      records.push(Object.assign({}, this.record(list[index]!), { leftOutBefore: leftOut }));
      leftOut = 0;
    }
    if (leftOut > 0) records.push(Object.assign({}, this.record(list[lastLeftOut]!), { leftOutBefore: leftOut - 1, leftOut: true as const }));
    return records;
  }

  /** The size rule (`shownSizeOf`) of a visible note, from cached byte counts. */
  private readonly shownSize = (note: NoteData): ShownSize => {
    const sizes = this.index.sizes;
    const parent = this.visible(note.parentId);
    const object = this.visible(note.objectId);
    const shape = noteShape(Boolean(note.details), parent !== undefined, object !== undefined);
    const texts = [sizes.title(note), sizes.details(note, this.scope.detailsLimit), parent && sizes.title(parent), object && sizes.title(object)];
    let textBytes = 0;
    let wordStarts = 0;
    for (const size of texts) {
      textBytes += size?.bytes ?? 0;
      wordStarts += size?.wordStarts ?? 0;
    }
    return { shape, textBytes, wordStarts };
  };

  private isVisible(note: NoteData): boolean {
    const readable = this.scope.readableNotebooks;
    return note.deletedAt === undefined && (readable === undefined || readable.has(note.notebookId));
  }

  private visible(id: NoteId | undefined): NoteData | undefined {
    const note = id === undefined ? undefined : this.index.byId.get(id);
    return note && this.isVisible(note) ? note : undefined;
  }

  private link(id: NoteId | undefined): NoteLink | undefined {
    const note = this.visible(id);
    return note && { id: note.id, title: note.title };
  }

  /** A visible note as a related note's record: details cut to `detailsLimit + 1` code points. */
  private readonly record = (note: NoteData): NoteRecord =>
    this.cache ? getOrMake(this.cache.records, note.id, () => this.makeRecord(note, false)) : this.makeRecord(note, false);

  private makeRecord(note: NoteData, full: boolean): NoteRecord {
    const parent = this.link(note.parentId);
    const object = this.link(note.objectId);
    const details = note.details && (full ? note.details : takeCodePoints(note.details, this.scope.detailsLimit + 1).head);
    return {
      id: note.id, title: note.title, ...(details ? { details } : {}), ...(parent && { parent }), ...(object && { object }),
      siblingOrder: note.siblingOrder, notebookId: note.notebookId,
    };
  }
}

/** Index of the first element strictly beyond `key` when walking `sorted` in that direction. */
function firstBeyond(sorted: readonly SiblingKey[], key: SiblingKey, ascending: boolean, compare: (a: SiblingKey, b: SiblingKey) => number): number {
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
