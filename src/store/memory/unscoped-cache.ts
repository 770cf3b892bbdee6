import type { NoteId, NoteRecord } from '../../model/note-record.js';
import type { ShownSize } from '../../store/shown-size.js';
import type { NoteData } from './fixture.js';
import { getOrMake } from '../get-or-make.js';

/** Slots per note in a list's packed sizes: id, shape, text bytes, word starts. */
const SLOTS = 4;
const UNMEASURED = -1;
/** The shape slot of a deleted note: never visible. */
export const DELETED = -2;

/** Records and sizes made by readers that see every notebook, per details limit, kept across builds: a fixture never changes. */
export class UnscopedCache {
  readonly records = new Map<NoteId, NoteRecord>();
  private readonly lists = new Map<readonly NoteData[], ListSizes>();

  /** The sizes of the notes of `list` (a parent's children, an object's referring notes). */
  sizesOf(list: readonly NoteData[]): ListSizes {
    return getOrMake(this.lists, list, () => new ListSizes(list));
  }
}

/** The size rule's measures of a list's notes by position, packed in one typed array (not a map entry per child), each measured once. */
class ListSizes {
  private readonly packed: Float64Array;
  /** Per measure of a note's least cost (`SizeFilter.leastCost`), what it answered for each note (NaN: not asked yet). */
  private readonly leastCosts = new Map<(note: NoteRecord) => number, Float64Array>();

  constructor(private readonly list: readonly NoteData[]) {
    this.packed = new Float64Array(list.length * SLOTS);
    list.forEach((note, index) => {
      this.packed[index * SLOTS] = note.id;
      this.packed[index * SLOTS + 1] = note.deletedAt === undefined ? UNMEASURED : DELETED;
    });
  }

  id(index: number): NoteId {
    return this.packed[index * SLOTS]!;
  }

  /** The shape of the note at `index` (`DELETED` for a deleted one), measuring it if need be. */
  shape(index: number, measure: (note: NoteData) => ShownSize): number {
    const at = index * SLOTS;
    if (this.packed[at + 1] === UNMEASURED) {
      const shown = measure(this.list[index]!);
      this.packed[at + 1] = shown.shape;
      this.packed[at + 2] = shown.textBytes;
      this.packed[at + 3] = shown.wordStarts;
    }
    return this.packed[at + 1]!;
  }

  /** The text bytes and word starts of the note at `index`, once `shape` has measured it. */
  textBytes(index: number): number {
    return this.packed[index * SLOTS + 2]!;
  }

  wordStarts(index: number): number {
    return this.packed[index * SLOTS + 3]!;
  }

  /** What `of` answers for the note at `index`, asked once (records never change); NaN, over no max, when not asked yet and `mayAsk()` is false. */
  leastCost(index: number, of: (note: NoteRecord) => number, mayAsk: () => boolean, record: (note: NoteData) => NoteRecord): number {
    const costs = getOrMake(this.leastCosts, of, () => new Float64Array(this.list.length).fill(Number.NaN));
    if (Number.isNaN(costs[index]!) && mayAsk()) costs[index] = of(record(this.list[index]!));
    return costs[index]!;
  }
}
