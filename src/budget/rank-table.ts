import { isUtf8 } from 'node:buffer';

/** An encoding's ranks as gpt-tokenizer takes them: by rank, a string or the bytes of a token. */
export type RankData = readonly (string | readonly number[])[];

/** What a rank table is made of: typed arrays a rank file holds as they are, and the few tokens no bytes find. */
export interface RankTableData {
  /** Open addressing over the keys' hashes (linear probing; a power of two long): rank + 1, or 0 for none. */
  readonly slots: Uint32Array;
  /** The key of rank r is `keys[offsets[r], offsets[r + 1])`; empty for a token no bytes find. */
  readonly offsets: Uint32Array;
  readonly keys: Uint8Array;
  readonly maxKeyBytes: number;
  /** The tokens with lone surrogates, [rank, token]: only a whole chunk can equal one. */
  readonly illFormed: readonly (readonly [number, string])[];
}

const LONE_SURROGATE = /\p{Cs}/u;
/** Pairs of tokens whose rank is remembered, direct-mapped (a power of two). */
const PAIRS_REMEMBERED = 1 << 18;

/**
 * The ranks of one encoding, found from bytes as gpt-tokenizer finds them (valid UTF-8 decoded, one leading BOM
 * dropped, else the byte-array tokens): keyed by the UTF-8 of string tokens and the bytes of byte-array tokens
 * that are no valid UTF-8. Tokens with lone surrogates have no UTF-8: only a whole chunk can equal one.
 */
export class RankTable {
  private readonly mask: number;
  private readonly illFormed: ReadonlyMap<string, number>;
  private readonly byteRanks = new Int32Array(256);
  // Recent pairs' ranks (a function of their tokens unless a part starts with a BOM), across chunks: a run of one
  // character meets few pairs, thousands of times. Made at the first pair asked for (3 MB): left token, right token, rank.
  private pairs?: Int32Array;

  constructor(readonly data: RankTableData) {
    this.mask = data.slots.length - 1;
    this.illFormed = new Map(data.illFormed.map(([rank, token]) => [token, rank]));
    for (let byte = 0; byte < 256; byte++) this.byteRanks[byte] = this.find(Uint8Array.of(byte), 0, 1);
  }

  /** The table of `ranks`; throws for ranks with a hole or an empty token, which have no key. */
  static fromRanks(ranks: RankData): RankTable {
    const keys = Buffer.alloc(ranks.reduce((bound, token) => bound + 3 * token.length, 0));
    const illFormed: [number, string][] = [];
    const offsets = new Uint32Array(ranks.length + 1);
    let size = 1024;
    while (size < 2 * ranks.length) size *= 2;
    const slots = new Uint32Array(size);
    let maxKeyBytes = 0;
    for (let rank = 0, at = 0; rank < ranks.length; rank++) {
      const token = ranks[rank];
      if (token === undefined || token.length === 0) throw new Error('ranks with a hole or an empty token have no rank table');
      const start = at;
      if (typeof token !== 'string') {
        const bytes = Uint8Array.from(token);
        // Valid UTF-8 is looked up as the string it decodes to.
        if (!isUtf8(bytes)) {
          keys.set(bytes, at);
          at += bytes.length;
        }
      } else if (!LONE_SURROGATE.test(token)) at += keys.write(token, at);
      else illFormed.push([rank, token]);
      maxKeyBytes = Math.max(maxKeyBytes, at - start);
      offsets[rank + 1] = at;
      if (at === start) continue;
      let slot = hash(keys, start, at) & (size - 1);
      // As the library's Map: a later token of equal key wins.
      while (slots[slot] !== 0 && !sameKey(keys, offsets, slots[slot]! - 1, keys, start, at)) slot = (slot + 1) & (size - 1);
      slots[slot] = rank + 1;
    }
    return new RankTable({ slots, offsets, keys: keys.subarray(0, offsets[ranks.length]), maxKeyBytes, illFormed });
  }

  /** The rank whose key is `bytes[start, end)`, or -1. */
  find(bytes: Uint8Array, start: number, end: number): number {
    const { slots, offsets, keys, maxKeyBytes } = this.data;
    if (end - start > maxKeyBytes || end === start) return -1;
    const mask = this.mask;
    for (let slot = hash(bytes, start, end) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) return -1;
      if (sameKey(keys, offsets, entry - 1, bytes, start, end)) return entry - 1;
    }
  }

  /** The rank of one byte alone, or -1 (what {@link rankOf} finds for a span of that one byte). */
  byteRank(byte: number): number {
    return this.byteRanks[byte]!;
  }

  /** The token a whole chunk is, or -1; `bytes[0, n)` is the chunk's UTF-8. */
  chunkRank(chunk: string, bytes: Uint8Array, n: number): number {
    if (LONE_SURROGATE.test(chunk)) return this.illFormed.get(chunk) ?? -1;
    // A well-formed chunk equals a string token exactly when its UTF-8 is that token's key.
    return this.find(bytes, 0, n);
  }

  /** The rank the library finds for `bytes[start, end)`, or -1; `bytes[0, n)` is valid UTF-8. */
  rankOf(bytes: Uint8Array, start: number, end: number, n: number): number {
    // A span that starts with a BOM starts at a character, so it is valid UTF-8 when it ends at one.
    if (startsWithBom(bytes, start, n) && (end === n || (bytes[end]! & 0xc0) !== 0x80)) start += 3;
    return this.find(bytes, start, end);
  }

  /** {@link rankOf} for `bytes[start, end)` made of tokens `left` (at `start`) and `right` (at `rightStart`). */
  pairRank(left: number, right: number, bytes: Uint8Array, start: number, rightStart: number, end: number): number {
    const pairs = (this.pairs ??= new Int32Array(3 * PAIRS_REMEMBERED).fill(-2)); // -1 is no token
    const slot = 3 * ((Math.imul(left, 0x9e3779b1) + right) & (PAIRS_REMEMBERED - 1));
    if (pairs[slot] === left && pairs[slot + 1] === right) return pairs[slot + 2]!;
    const n = bytes.length;
    const rank = this.rankOf(bytes, start, end, n);
    if (left >= 0 && right >= 0 && !startsWithBom(bytes, start, n) && !startsWithBom(bytes, rightStart, n)) {
      pairs[slot] = left;
      pairs[slot + 1] = right;
      pairs[slot + 2] = rank;
    }
    return rank;
  }
}

/** FNV-1a, its high bits folded into the low ones the slots are taken from. */
function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h ^ (h >>> 15);
}

function sameKey(keys: Uint8Array, offsets: Uint32Array, rank: number, bytes: Uint8Array, start: number, end: number): boolean {
  const at = offsets[rank]!;
  if (offsets[rank + 1]! - at !== end - start) return false;
  for (let i = start; i < end; i++) if (keys[at + i - start] !== bytes[i]) return false;
  return true;
}

const startsWithBom = (bytes: Uint8Array, at: number, n: number) => at + 2 < n && bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf;
