import { LRUCache } from 'lru-cache';
import type { RankData } from './rank-cache.js';
import { RecentCounts } from './recent-counts.js';

// Token counts equal to gpt-tokenizer's `countTokens(text, { disallowedSpecial: new Set() })`, in
// O(n log n) time.
//
// gpt-tokenizer merges the byte pairs of one pre-tokenizer chunk with a loop that rescans the
// whole chunk for every merge: quadratic in the chunk, so one long run of a character (a title of
// a million `x`, 64 K of `水`) stalls for minutes. Ordinary text splits into short chunks, each
// counted by the library; only chunks longer than LONG_CHUNK_BYTES are merged here, with a priority
// queue that makes the library's exact choices (lowest rank first, leftmost on ties), looking
// byte pairs up exactly as the library does (see RankTable). Chunks are merged independently, so
// the count of a text is the sum of its chunks' counts.

export type BpeEncoding = 'o200k' | 'cl100k';

export interface LinearCounterOptions {
  /**
   * Chunks of more UTF-8 bytes than this are merged here; shorter ones by gpt-tokenizer.
   * 0 sends every chunk here (the tests use it). Default {@link LONG_CHUNK_BYTES}.
   */
  readonly longChunkBytes?: number;
}

/**
 * Chunks of more bytes than this are merged here. Words, the chunks of ordinary text, are far
 * shorter, and go to the library (once each, their counts remembered). On chunks of random letters the library takes ~1 µs a
 * byte at 24 bytes, ~2 µs at 60-250 (its lookups dominate), then grows quadratically (~45 µs a
 * byte at 16 KB); the merge here takes ~0.5 µs at any length.
 */
export const LONG_CHUNK_BYTES = 128;

// Notes are user text: `<|endoftext|>` is text to count, not a control token.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * One of gpt-tokenizer's encodings, as counted here: its `countTokens`, its pre-tokenizer and its
 * rank data. Each lives in a module of its own (`o200k-encoding.ts`, `cl100k-encoding.ts`) that
 * the caller imports, so a process loads only the tables it counts with (each takes a large part
 * of a second to load).
 */
export interface BpeEncodingData {
  readonly name: BpeEncoding;
  readonly count: (text: string, options: typeof AS_TEXT) => number;
  readonly split: RegExp;
  readonly ranks: RankData;
}

/**
 * The ranks as gpt-tokenizer can find them from bytes. The library looks bytes up in two ways:
 * bytes that are valid UTF-8 are decoded (by a TextDecoder that drops one leading BOM) and the
 * string is looked up among the string tokens; other bytes are searched among the byte-array
 * tokens. So the table holds the UTF-8 of every well-formed string token and the bytes of every
 * byte-array token that is not valid UTF-8 (a valid one is unreachable: the library would look
 * for its decoded string instead), and `rankOf` strips a leading BOM from a valid span.
 *
 * It is an open-addressing hash table over the keys' bytes, looked up with a polynomial hash of
 * the span that a chunk's prefix hashes give in O(1), so a lookup allocates nothing; a hit is
 * confirmed byte by byte. The keys are fixed, so a lookup's probe length is bounded whatever the
 * text.
 */
interface RankTable {
  /** Slot -> entry + 1, 0 when empty; capacity is a power of two. */
  readonly slots: Int32Array;
  readonly entryHash: Int32Array;
  readonly entryStart: Int32Array;
  readonly entryLength: Uint8Array;
  readonly entryRank: Int32Array;
  readonly keyBytes: Uint8Array;
  /** String tokens with lone surrogates: only a whole chunk can equal one (none in the data). */
  readonly illFormed: Map<string, number>;
  readonly maxKeyBytes: number;
  /** The rank of every 2-byte span, by `first << 8 | second`, or -1. */
  readonly pairs: Int32Array;
  /** The rank of each byte alone. */
  readonly byteRank: Int32Array;
  /** By rank: the length of the key found for it (0 if none). */
  readonly keyLength: Uint8Array;
  /**
   * The ranks of recent pairs of parts that are their tokens, by the tokens' ranks: a
   * direct-mapped cache (a pair's rank is a function of its bytes, so it holds across texts).
   */
  readonly cacheLeft: Int32Array;
  readonly cacheRight: Int32Array;
  readonly cacheRank: Int32Array;
  /** Scratch for {@link PairQueue}, one slot per rank. */
  readonly openRun: Int32Array;
  readonly buildMs: number;
  readonly bytesHeld: number;
}

const encoder = new TextEncoder();
const tables = new Map<BpeEncoding, RankTable>();

function rankTable(encoding: BpeEncodingData): RankTable {
  let table = tables.get(encoding.name);
  if (!table) {
    table = buildTable(encoding.ranks);
    tables.set(encoding.name, table);
  }
  return table;
}

/** Build time and size of the rank table of `encoding`, or undefined while no long chunk needed it. */
export function rankTableStats(encoding: BpeEncoding): { buildMs: number; bytes: number; keys: number } | undefined {
  const table = tables.get(encoding);
  return table && { buildMs: table.buildMs, bytes: table.bytesHeld, keys: table.entryRank.length };
}

const PAIR_CACHE_SLOTS = 1 << 15;
const BASE = 0x01000193; // odd: multiplication by it is a bijection mod 2^32
const MAX_KEY = 255; // entryLength is a byte; tokens are at most 128 bytes
const POWERS = new Int32Array(MAX_KEY + 1);
POWERS[0] = 1;
for (let i = 1; i <= MAX_KEY; i++) POWERS[i] = Math.imul(POWERS[i - 1]!, BASE);

/** Spreads a polynomial hash and a length over the slot bits. */
function mix(hash: number, length: number): number {
  let h = hash ^ Math.imul(length, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function buildTable(ranks: RankData): RankTable {
  const started = performance.now();
  const illFormed = new Map<string, number>();
  let room = 0;
  for (const value of ranks) room += typeof value === 'string' ? 3 * value.length : value.length;
  // Keys side by side, in the order found; a key's entry points into this.
  const keyBytes = new Uint8Array(room);
  const keyStarts: number[] = [];
  const keyRanks: number[] = [];
  let offset = 0;
  let maxKeyBytes = 0;
  // Later ranks overwrite earlier ones in the library's maps; the data has no duplicate, and a
  // duplicate key would only add an entry the lookup never reaches (it stops at the first).
  for (let rank = ranks.length - 1; rank >= 0; rank--) {
    if (!(rank in ranks)) continue; // the library's forEach skips holes
    const value = ranks[rank]!;
    let end: number;
    if (typeof value === 'string') {
      end = utf8Into(value, keyBytes, offset);
      if (end < 0) {
        if (!illFormed.has(value)) illFormed.set(value, rank);
        continue;
      }
    } else {
      keyBytes.set(value, offset);
      end = offset + value.length;
      if (isValidUtf8(keyBytes.subarray(offset, end))) continue;
    }
    if (end - offset > MAX_KEY) throw new Error(`A token of ${end - offset} bytes; the rank table holds at most ${MAX_KEY}`);
    keyStarts.push(offset);
    keyRanks.push(rank);
    maxKeyBytes = Math.max(maxKeyBytes, end - offset);
    offset = end;
  }
  keyStarts.push(offset);

  const count = keyRanks.length;
  let capacity = 1;
  while (capacity < count * 2.5) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity);
  const entryHash = new Int32Array(count);
  const entryStart = Int32Array.from(keyStarts.slice(0, count));
  const entryLength = new Uint8Array(count);
  const entryRank = Int32Array.from(keyRanks);
  for (let entry = 0; entry < count; entry++) {
    const start = keyStarts[entry]!;
    const length = keyStarts[entry + 1]! - start;
    let hash = 0;
    for (let i = start; i < start + length; i++) hash = (Math.imul(hash, BASE) + keyBytes[i]!) | 0;
    const mixed = mix(hash, length);
    entryHash[entry] = mixed;
    entryLength[entry] = length;
    let slot = mixed & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }
  const openRun = new Int32Array(ranks.length);
  const table = { slots, entryHash, entryStart, entryLength, entryRank, keyBytes: keyBytes.slice(0, offset), illFormed, maxKeyBytes };
  const pairs = new Int32Array(65536);
  const two = new Uint8Array(2);
  const twoPrefix = new Int32Array(3);
  for (let pair = 0; pair < 65536; pair++) {
    two[0] = pair >> 8;
    two[1] = pair & 0xff;
    twoPrefix[1] = two[0];
    twoPrefix[2] = (Math.imul(two[0], BASE) + two[1]) | 0;
    pairs[pair] = maxKeyBytes >= 2 ? find(table, two, twoPrefix, 0, 2) : -1; // no BOM fits in 2 bytes
  }
  const byteRank = new Int32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    two[0] = byte;
    twoPrefix[1] = byte;
    byteRank[byte] = find(table, two, twoPrefix, 0, 1);
  }
  const keyLength = new Uint8Array(ranks.length);
  for (let entry = 0; entry < count; entry++) keyLength[entryRank[entry]!] = entryLength[entry]!;
  const cacheLeft = new Int32Array(PAIR_CACHE_SLOTS).fill(-1);
  const cacheRight = new Int32Array(PAIR_CACHE_SLOTS);
  const cacheRank = new Int32Array(PAIR_CACHE_SLOTS);
  const arrays = [slots, entryHash, entryStart, entryLength, entryRank, table.keyBytes, pairs, byteRank, keyLength, cacheLeft, cacheRight, cacheRank, openRun];
  const bytesHeld = arrays.reduce((sum, array) => sum + array.byteLength, 0);
  return { ...table, pairs, byteRank, keyLength, cacheLeft, cacheRight, cacheRank, openRun, buildMs: performance.now() - started, bytesHeld };
}

const LONE_SURROGATE = /\p{Cs}/u;

/** Writes the UTF-8 of `text` at `offset`; the end, or -1 if `text` has a lone surrogate. */
function utf8Into(text: string, out: Uint8Array, offset: number): number {
  let at = offset;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) out[at++] = code;
    else if (code < 0x800) {
      out[at++] = 0xc0 | (code >> 6);
      out[at++] = 0x80 | (code & 0x3f);
    } else if (code < 0xd800 || code > 0xdfff) {
      out[at++] = 0xe0 | (code >> 12);
      out[at++] = 0x80 | ((code >> 6) & 0x3f);
      out[at++] = 0x80 | (code & 0x3f);
    } else {
      const low = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return -1;
      code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
      i++;
      out[at++] = 0xf0 | (code >> 18);
      out[at++] = 0x80 | ((code >> 12) & 0x3f);
      out[at++] = 0x80 | ((code >> 6) & 0x3f);
      out[at++] = 0x80 | (code & 0x3f);
    }
  }
  return at;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The tokens of `text` with every chunk merged here, to compare with the library's `encode`. */
export function encodeForTests(encoding: BpeEncodingData, text: string): number[] {
  const out: number[] = [];
  const table = rankTable(encoding);
  for (const [chunk] of text.matchAll(new RegExp(encoding.split.source, 'gu'))) countChunk(chunk, table, out);
  return out;
}

/**
 * Counts tokens as `countTokens(text, { disallowedSpecial: new Set() })` of gpt-tokenizer's
 * o200k_base or cl100k_base does, in time O(n log n): chunk by chunk, since BPE merges only
 * inside a pre-tokenizer chunk and a chunk alone is one chunk again. Each short chunk's count is
 * remembered: notes are written with a few thousand distinct words and marks, and looking one up
 * is several times cheaper than the library's count of it.
 */
export function makeLinearCounter(encoding: BpeEncodingData, options: LinearCounterOptions = {}): (text: string) => number {
  const { count, split } = encoding;
  const longChunkBytes = options.longChunkBytes ?? LONG_CHUNK_BYTES;
  const library = (chunk: string) => count(chunk, AS_TEXT);
  const isLong = (chunk: string) =>
    chunk.length * 3 > longChunkBytes && (chunk.length > longChunkBytes || Buffer.byteLength(chunk, 'utf8') > longChunkBytes);
  const shortChunks = new RecentCounts(SHORT_CHUNKS_REMEMBERED);
  // A long chunk (a huge title) recurs in the pieces that link to its note: merge it once.
  const longChunks = new LRUCache<string, number>({ maxSize: 8_000_000, sizeCalculation: (_, chunk) => chunk.length });
  const countLong = (chunk: string) => {
    let tokens = longChunks.get(chunk);
    if (tokens === undefined) {
      tokens = countChunk(chunk, rankTable(encoding));
      if (chunk.length <= 8_000_000) longChunks.set(chunk, tokens);
    }
    return tokens;
  };
  const chunks = new RegExp(split.source, 'gu');

  return (text) => {
    let tokens = 0;
    chunks.lastIndex = 0;
    for (let match = chunks.exec(text); match !== null; match = chunks.exec(text)) {
      const chunk = match[0];
      if (chunk === '') throw new Error('the pre-tokenizer matched an empty chunk'); // none of its alternatives can
      tokens += isLong(chunk) ? countLong(chunk) : shortChunks.get(chunk, library);
    }
    return tokens;
  };
}

/** Short chunks whose counts are remembered, per generation (see `RecentCounts`): a few MB at most. */
const SHORT_CHUNKS_REMEMBERED = 50_000;

/**
 * The library's count of one chunk: 1 if the chunk is a token, else its parts after merging.
 * With `out`, also appends the chunk's tokens (for the tests).
 */
function countChunk(chunk: string, table: RankTable, out?: number[]): number {
  const whole = table.illFormed.get(chunk);
  if (whole !== undefined) {
    out?.push(whole);
    return 1;
  }
  const bytes = encoder.encode(chunk); // a lone surrogate becomes EF BF BD, as in the library
  const n = bytes.length;
  const prefix = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = (Math.imul(prefix[i]!, BASE) + bytes[i]!) | 0;
  // The library first looks the chunk up among string tokens; its UTF-8 is a key exactly then.
  if (n <= table.maxKeyBytes && !LONE_SURROGATE.test(chunk)) {
    const rank = find(table, bytes, prefix, 0, n);
    if (rank >= 0) {
      out?.push(rank);
      return 1;
    }
  }
  return mergeCount(bytes, prefix, table, out);
}

/** The rank keyed by bytes[s, e), or -1; `prefix` holds the polynomial hashes of the prefixes. */
function find(table: Pick<RankTable, 'slots' | 'entryHash' | 'entryLength' | 'entryStart' | 'keyBytes' | 'entryRank'>, bytes: Uint8Array, prefix: Int32Array, s: number, e: number): number {
  const length = e - s;
  const hash = mix((prefix[e]! - Math.imul(prefix[s]!, POWERS[length]!)) | 0, length);
  const { slots, entryHash, entryLength, entryStart, keyBytes } = table;
  const mask = slots.length - 1;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const entry = slots[slot]! - 1;
    if (entry < 0) return -1;
    if (entryHash[entry] !== hash || entryLength[entry] !== length) continue;
    const start = entryStart[entry]! - s;
    let i = s;
    while (i < e && keyBytes[start + i] === bytes[i]) i++;
    if (i === e) return table.entryRank[entry]!;
  }
}

function startsWithBom(bytes: Uint8Array, at: number): boolean {
  return bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf;
}

/**
 * Parts left after merging `bytes` as gpt-tokenizer's `bytePairMerge` does: repeatedly merge the
 * adjacent pair of parts with the lowest rank, the leftmost among equals, until no pair has a
 * rank. Parts are a linked list of start offsets; each part's pair with the next part waits in a
 * {@link PairQueue} by (rank, start), and leaves it when a merge changes or ends the pair.
 */
function mergeCount(bytes: Uint8Array, prefix: Int32Array, table: RankTable, out?: number[]): number {
  const n = bytes.length;
  const maxKey = table.maxKeyBytes;
  const { pairs, keyLength, cacheLeft, cacheRight, cacheRank } = table;
  const cacheMask = cacheRank.length - 1;

  // The rank the library finds for bytes[s, e), or -1 (see RankTable).
  const rankOf = (s: number, e: number): number => {
    const length = e - s;
    if (length === 2) return pairs[(bytes[s]! << 8) | bytes[s + 1]!]!;
    if (length > maxKey + 3) return -1;
    // Chunk bytes are valid UTF-8, so a span is valid iff it neither starts nor ends inside a char.
    if (bytes[s] === 0xef && startsWithBom(bytes, s) && (e === n || (bytes[e]! & 0xc0) !== 0x80)) s += 3;
    if (e - s > maxKey) return -1;
    return find(table, bytes, prefix, s, e);
  };

  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  // The rank of each part: its token, unless a BOM was dropped to find it (then its length is
  // not its token's). Two parts that are their tokens make a pair whose rank the cache may hold.
  const partRank = new Int32Array(n);
  const rankOfPair = (left: number, right: number, end: number): number => {
    if (end - left > maxKey + 3) return -1;
    const a = partRank[left]!;
    const b = partRank[right]!;
    if (keyLength[a] !== right - left || keyLength[b] !== end - right) return rankOf(left, end);
    let slot = Math.imul(a, 0x9e3779b1) + b;
    slot = (slot ^ (slot >>> 15)) & cacheMask;
    if (cacheLeft[slot] === a && cacheRight[slot] === b) return cacheRank[slot]!;
    const rank = rankOf(left, end);
    cacheLeft[slot] = a;
    cacheRight[slot] = b;
    cacheRank[slot] = rank;
    return rank;
  };

  const queue = new PairQueue(n, table.openRun);
  for (let s = 0; s < n; s++) {
    next[s] = s + 1;
    prev[s] = s - 1;
    partRank[s] = table.byteRank[bytes[s]!]!;
    if (s + 2 <= n) {
      const rank = pairs[(bytes[s]! << 8) | bytes[s + 1]!]!;
      if (rank >= 0) queue.push(rank, s);
    }
  }

  let parts = n;
  while (queue.pop()) {
    const s = queue.start;
    partRank[s] = queue.rank;
    const right = next[s]!;
    const after = next[right]!;
    queue.remove(right);
    next[s] = after;
    if (after < n) prev[after] = s;
    parts--;
    // The new pair at s before the changed one at p: in a run, the pair at s often has the rank
    // p's pair had, and joining that run before p leaves it keeps the run alive (no heap work).
    if (after < n) {
      const rank = rankOfPair(s, after, next[after]!);
      if (rank >= 0) queue.push(rank, s);
    }
    if (s > 0) {
      const p = prev[s]!;
      queue.remove(p);
      const rank = rankOfPair(p, s, after);
      if (rank >= 0) queue.push(rank, p);
    }
  }
  if (out) {
    for (let s = 0; s < n; s = next[s]!) out.push(partRank[s]!);
  }
  return parts;
}

const POS = 4294967296; // 2^32: a heap key is rank * POS + start, exact in a double

/**
 * A min-priority queue of pairs (rank, start), at most one per start, that is cheap when pairs of
 * one rank arrive in increasing start order, as in a long run (of `x`, of spaces, of `水`): an
 * indexed binary heap of runs, each run a doubly linked list of starts of one rank in increasing
 * order, keyed by (rank, first start). A pair joins the newest run of its rank when it starts after
 * that run's last start (no heap operation), else opens a run. Taking a pair out of a run sifts
 * the run only when it was the run's first. Each run holds at least one pair, so the heap is never
 * larger than a plain heap of pairs: O(log n) a pair at worst. (Exported for its tests.)
 */
export class PairQueue {
  /** The pair the last `pop` took. */
  start = 0;
  rank = 0;
  // Per start: the neighbours in its run (-1 at the ends) and the run (-1 when not queued).
  private readonly nodeNext: Int32Array;
  private readonly nodePrev: Int32Array;
  private readonly nodeRun: Int32Array;
  // Per run: first and last start (-1 once dead), rank and place in the heap. Dead runs are
  // chained through runTail for reuse.
  private runHead: Int32Array;
  private runTail: Int32Array;
  private runRank: Int32Array;
  private runPlace: Int32Array;
  private runCount = 0;
  private freeRun = -1;
  private heapKey: Float64Array;
  private heapRun: Int32Array;
  private size = 0;

  /** `openRun[rank]`: a run of that rank to append to, if it still is one (checked on use). */
  constructor(
    starts: number,
    private readonly openRun: Int32Array,
  ) {
    this.nodeNext = new Int32Array(starts);
    this.nodePrev = new Int32Array(starts);
    this.nodeRun = new Int32Array(starts).fill(-1);
    const runs = 64;
    this.runHead = new Int32Array(runs);
    this.runTail = new Int32Array(runs);
    this.runRank = new Int32Array(runs);
    this.runPlace = new Int32Array(runs);
    this.heapKey = new Float64Array(runs);
    this.heapRun = new Int32Array(runs);
  }

  /** Queues the pair at `start`, which must not be queued. */
  push(rank: number, start: number): void {
    const open = this.openRun[rank]!;
    if (open < this.runCount && this.runRank[open] === rank) {
      const tail = this.runTail[open]!;
      if (tail >= 0 && tail < start) {
        this.nodeNext[tail] = start;
        this.nodePrev[start] = tail;
        this.nodeNext[start] = -1;
        this.nodeRun[start] = open;
        this.runTail[open] = start;
        return;
      }
    }
    const run = this.newRun();
    this.runHead[run] = start;
    this.runTail[run] = start;
    this.runRank[run] = rank;
    this.openRun[rank] = run;
    this.nodeNext[start] = -1;
    this.nodePrev[start] = -1;
    this.nodeRun[start] = run;
    this.heapPush(rank * POS + start, run);
  }

  /** Takes the least pair out, its start into `start`; false when empty. */
  pop(): boolean {
    if (this.size === 0) return false;
    const run = this.heapRun[0]!;
    this.start = this.runHead[run]!;
    this.rank = this.runRank[run]!;
    this.remove(this.start);
    return true;
  }

  /** Takes the pair at `start` out, if queued. */
  remove(start: number): void {
    const run = this.nodeRun[start]!;
    if (run < 0) return;
    this.nodeRun[start] = -1;
    const before = this.nodePrev[start]!;
    const after = this.nodeNext[start]!;
    if (after >= 0) this.nodePrev[after] = before;
    else this.runTail[run] = before;
    if (before >= 0) {
      this.nodeNext[before] = after;
      return;
    }
    this.runHead[run] = after;
    const place = this.runPlace[run]!;
    if (after >= 0) {
      // The run's key grew.
      this.heapKey[place] = this.runRank[run]! * POS + after;
      this.siftDown(place);
      return;
    }
    this.runTail[run] = this.freeRun;
    this.runRank[run] = -1;
    this.freeRun = run;
    const last = --this.size;
    if (place < last) {
      const key = this.heapKey[last]!;
      this.heapKey[place] = key;
      this.heapRun[place] = this.heapRun[last]!;
      this.runPlace[this.heapRun[place]!] = place;
      if (place > 0 && this.heapKey[(place - 1) >> 1]! > key) this.siftUp(place);
      else this.siftDown(place);
    }
  }

  private newRun(): number {
    let run = this.freeRun;
    if (run >= 0) {
      this.freeRun = this.runTail[run]!;
      return run;
    }
    run = this.runCount++;
    if (run === this.runHead.length) {
      this.runHead = grown(this.runHead);
      this.runTail = grown(this.runTail);
      this.runRank = grown(this.runRank);
      this.runPlace = grown(this.runPlace);
    }
    return run;
  }

  private heapPush(key: number, run: number): void {
    if (this.size === this.heapKey.length) {
      this.heapKey = grown(this.heapKey);
      this.heapRun = grown(this.heapRun);
    }
    const place = this.size++;
    this.heapKey[place] = key;
    this.heapRun[place] = run;
    this.runPlace[run] = place;
    this.siftUp(place);
  }

  private siftUp(from: number): void {
    const keys = this.heapKey;
    const runs = this.heapRun;
    const key = keys[from]!;
    const run = runs[from]!;
    let i = from;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = keys[parent]!;
      if (above <= key) break;
      keys[i] = above;
      const moved = runs[parent]!;
      runs[i] = moved;
      this.runPlace[moved] = i;
      i = parent;
    }
    keys[i] = key;
    runs[i] = run;
    this.runPlace[run] = i;
  }

  private siftDown(from: number): void {
    const keys = this.heapKey;
    const runs = this.heapRun;
    const size = this.size;
    const key = keys[from]!;
    const run = runs[from]!;
    let i = from;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[child + 1]! < keys[child]!) child++;
      const below = keys[child]!;
      if (below >= key) break;
      keys[i] = below;
      const moved = runs[child]!;
      runs[i] = moved;
      this.runPlace[moved] = i;
      i = child;
    }
    keys[i] = key;
    runs[i] = run;
    this.runPlace[run] = i;
  }
}

function grown<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
