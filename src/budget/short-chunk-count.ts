import type { RankTable } from './rank-table.js';

const encoder = new TextEncoder();
/** No pair: above every rank. */
const NONE = 0x7fffffff;

// One chunk at a time: its UTF-8, where its parts start and their pairs' ranks. A short chunk has at most 128 bytes
// (make-linear-counter.ts: 3 per UTF-16 unit when shorter than 43 units, else counted).
const bytes = new Uint8Array(512);
const starts = new Int32Array(513);
const pairRanks = new Int32Array(512);

/**
 * The number of tokens gpt-tokenizer's `encode` gives one chunk, by its merge (least ranked pair first, leftmost among
 * equals, found by a scan). Quadratic, yet on short chunks twice as fast as `bpeMerge`, which allocates per chunk.
 */
export function shortChunkCount(chunk: string, table: RankTable): number {
  // A lone surrogate becomes EF BF BD, as the library's TextEncoder makes it.
  const n = encoder.encodeInto(chunk, bytes).written;
  if (table.chunkRank(chunk, bytes, n) >= 0) return 1;
  const rankOf = (start: number, end: number) => {
    const rank = table.rankOf(bytes, start, end, n);
    return rank < 0 ? NONE : rank;
  };
  let parts = n;
  for (let i = 0; i <= n; i++) starts[i] = i;
  for (let i = 0; i + 1 < n; i++) pairRanks[i] = rankOf(i, i + 2);
  for (;;) {
    let least = NONE;
    let at = -1;
    for (let i = 0; i + 1 < parts; i++) {
      if (pairRanks[i]! < least) {
        least = pairRanks[i]!;
        at = i;
      }
    }
    if (at < 0) return parts;
    // Parts at and at + 1 become one: the starts and pairs after them move down by one.
    for (let i = at + 1; i < parts; i++) starts[i] = starts[i + 1]!;
    for (let i = at + 1; i + 2 < parts; i++) pairRanks[i] = pairRanks[i + 1]!;
    parts--;
    if (at + 1 < parts) pairRanks[at] = rankOf(starts[at]!, starts[at + 2]!);
    if (at > 0) pairRanks[at - 1] = rankOf(starts[at - 1]!, starts[at + 1]!);
  }
}
