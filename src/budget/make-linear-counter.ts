import { LRUCache } from 'lru-cache';
import { bpeMerge } from './bpe-merge.js';
import { RankTable, type RankData } from './rank-table.js';
import { RecentCounts } from './recent-counts.js';

export type BpeEncoding = 'o200k' | 'cl100k';

// Notes are user text: `<|endoftext|>` is text to count, not a control token.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** One of gpt-tokenizer's encodings, each in a module of its own so that a process loads only the tables it counts with. */
export interface BpeEncodingData {
  readonly name: BpeEncoding;
  readonly count: (text: string, options: typeof AS_TEXT) => number;
  readonly split: RegExp;
  readonly ranks: RankData;
}

/** Longer chunks are merged by {@link bpeMerge}: the library's merge is quadratic (random letters: ~2 µs a byte at 60-250 bytes, ~45 µs at 16 KB). */
const LONG_CHUNK_BYTES = 128;

/** Short chunks remembered per generation (`RecentCounts`): a few MB at most. */
const SHORT_CHUNKS_REMEMBERED = 50_000;

const LONG_CHUNK_CHARS_REMEMBERED = 8_000_000;

/**
 * Counts tokens as gpt-tokenizer's `countTokens(text, { disallowedSpecial: new Set() })` does, in O(n log n), chunk
 * by chunk. Short chunks' counts are remembered (a lookup is several times cheaper than a count); a long one (a huge
 * title) recurs in every piece that links to its note, so it is merged once.
 */
export function makeLinearCounter(encoding: BpeEncodingData): (text: string) => number {
  const library = (chunk: string) => encoding.count(chunk, AS_TEXT);
  const isLong = (chunk: string) =>
    chunk.length * 3 > LONG_CHUNK_BYTES && (chunk.length > LONG_CHUNK_BYTES || Buffer.byteLength(chunk, 'utf8') > LONG_CHUNK_BYTES);
  const shortChunks = new RecentCounts(SHORT_CHUNKS_REMEMBERED);
  const longChunks = new LRUCache<string, number>({ maxSize: LONG_CHUNK_CHARS_REMEMBERED, sizeCalculation: (_, chunk) => chunk.length });
  const countLong = (chunk: string) => {
    let tokens = longChunks.get(chunk);
    if (tokens === undefined) {
      tokens = bpeMerge(chunk, RankTable.of(encoding.ranks)).length;
      if (chunk.length <= LONG_CHUNK_CHARS_REMEMBERED) longChunks.set(chunk, tokens);
    }
    return tokens;
  };
  const chunks = new RegExp(encoding.split.source, 'gu');

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
