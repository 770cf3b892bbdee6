import { LRUCache } from 'lru-cache';
import { bpeMerge } from './bpe-merge.js';
import { RankTable, type RankData } from './rank-table.js';
import { RecentCounts } from './recent-counts.js';

export type BpeEncoding = 'o200k' | 'cl100k';

// Notes are user text: `<|endoftext|>` is text to count, not a control token.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * One of gpt-tokenizer's encodings, as counted here: its `countTokens`, its pre-tokenizer and its
 * ranks. Each lives in a module of its own (`o200k-encoding.ts`, `cl100k-encoding.ts`) that the
 * caller imports, so a process loads only the tables it counts with.
 */
export interface BpeEncodingData {
  readonly name: BpeEncoding;
  readonly count: (text: string, options: typeof AS_TEXT) => number;
  readonly split: RegExp;
  readonly ranks: RankData;
}

/**
 * Chunks of more UTF-8 bytes than this are merged by {@link bpeMerge}; shorter ones by the library.
 * Words, the chunks of ordinary text, are far shorter. The library's merge grows quadratically with
 * the chunk (on random letters ~2 µs a byte at 60-250 bytes, ~45 µs at 16 KB).
 */
const LONG_CHUNK_BYTES = 128;

/** Short chunks whose counts are remembered, per generation (see `RecentCounts`): a few MB at most. */
const SHORT_CHUNKS_REMEMBERED = 50_000;

/** Characters of long chunks whose counts are remembered. */
const LONG_CHUNK_CHARS_REMEMBERED = 8_000_000;

/**
 * Counts tokens as `countTokens(text, { disallowedSpecial: new Set() })` of gpt-tokenizer's
 * encoding does, in time O(n log n) on any text. BPE merges only inside a pre-tokenizer chunk, so
 * a text's count is the sum of its chunks' counts. Each short chunk's count is remembered: notes
 * are written with a few thousand distinct words and marks, and looking one up is several times
 * cheaper than the library's count of it. A long chunk (a huge title) recurs in the pieces that
 * link to its note, so it is merged once. The rank table is made at the first long chunk.
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
