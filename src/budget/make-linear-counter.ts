import { LRUCache } from 'lru-cache';
import { bpeMerge } from './bpe-merge.js';
import type { RankTable } from './rank-table.js';
import { shortChunkCount } from './short-chunk-count.js';

export type BpeEncoding = 'o200k' | 'cl100k';

/** One of gpt-tokenizer's encodings, each in a module of its own so that a process loads only the tables it counts with. */
export interface BpeEncodingData {
  readonly name: BpeEncoding;
  readonly split: RegExp;
  readonly table: RankTable;
}

/** Longer chunks are merged by {@link bpeMerge}, shorter ones by {@link shortChunkCount}, which is quadratic. */
const LONG_CHUNK_BYTES = 128;

/** Short chunks remembered per generation (`RecentCounts`): a few MB at most. */
const SHORT_CHUNKS_REMEMBERED = 50_000;

const LONG_CHUNK_CHARS_REMEMBERED = 8_000_000;

/** Counts as gpt-tokenizer's `countTokens(text, { disallowedSpecial: new Set() })`, in O(n log n); each long chunk merged once. */
export function makeLinearCounter(encoding: BpeEncodingData): (text: string) => number {
  const { table } = encoding;
  const countShort = (chunk: string) => shortChunkCount(chunk, table);
  const isLong = (chunk: string) =>
    chunk.length * 3 > LONG_CHUNK_BYTES && (chunk.length > LONG_CHUNK_BYTES || Buffer.byteLength(chunk, 'utf8') > LONG_CHUNK_BYTES);
  const shortChunks = new RecentCounts(SHORT_CHUNKS_REMEMBERED);
  // A chunk longer than the whole cache is merged and not kept.
  const longChunks = new LRUCache<string, number>({
    maxSize: LONG_CHUNK_CHARS_REMEMBERED,
    sizeCalculation: (_, chunk) => chunk.length,
    memoMethod: (chunk) => bpeMerge(chunk, table).length,
  });
  const chunks = new RegExp(encoding.split.source, 'gu');

  return (text) => {
    let tokens = 0;
    chunks.lastIndex = 0;
    for (let match = chunks.exec(text); match !== null; match = chunks.exec(text)) {
      const chunk = match[0];
      if (chunk === '') throw new Error('the pre-tokenizer matched an empty chunk'); // none of its alternatives can
      tokens += isLong(chunk) ? longChunks.memo(chunk) : shortChunks.get(chunk, countShort);
    }
    return tokens;
  };
}

/** Counts of recent keys in two generations of `Map`s, the older dropped when the newer is full: cheaper than an LRU. */
export class RecentCounts {
  private newer = new Map<string, number>();
  private older = new Map<string, number>();

  constructor(private readonly perGeneration: number) {}

  get(key: string, count: (key: string) => number): number {
    const found = this.newer.get(key);
    if (found !== undefined) return found;
    const tokens = this.older.get(key) ?? count(key);
    if (this.newer.size >= this.perGeneration) {
      this.older = this.newer;
      this.newer = new Map();
    }
    // A key cut from a longer text may hold on to all of it (V8 slices): keep a copy of its own.
    this.newer.set(` ${key}`.slice(1), tokens);
    return tokens;
  }
}
