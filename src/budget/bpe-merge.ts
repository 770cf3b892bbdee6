import { PairQueue } from './pair-queue.js';
import type { RankTable } from './rank-table.js';

/**
 * The tokens gpt-tokenizer's `encode` gives one pre-tokenizer chunk, in time O(n log n).
 *
 * The library merges a chunk's byte pairs by rescanning the whole chunk for every merge, which is
 * quadratic: one long run of a character (a title of a million `x`) takes minutes. This makes the
 * same choices (the adjacent pair of parts with the lowest rank, the leftmost among equals, until
 * no pair has a rank) from a {@link PairQueue}. A merge changes at most two pairs; they are queued
 * with their new ranks and their old entries left in the queue, to be dropped when they come out
 * no longer matching the pair at their start (lazy deletion).
 */
export function bpeMerge(chunk: string, table: RankTable): number[] {
  // A lone surrogate becomes EF BF BD, as the library's TextEncoder makes it.
  const bytes = Buffer.from(chunk, 'utf8').toString('latin1');
  const whole = table.chunkRank(chunk, bytes);
  if (whole >= 0) return [whole];

  const n = bytes.length;
  // Parts are runs of bytes: `next[s]` is where the part starting at s ends, `prev[s]` where the
  // part before it starts.
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  // The token of the part at s, once a merge made it.
  const token = new Int32Array(n);
  // The rank of the pair of the part at s and the one after it; -1 for none, or no part at s.
  const pairRank = new Int32Array(n);
  const queue = new PairQueue();

  /** Ranks the pair at `start` anew and queues it. */
  const rankPair = (start: number) => {
    const right = next[start]!;
    const rank = right < n ? table.rankOf(bytes, start, next[right]!) : -1;
    pairRank[start] = rank;
    if (rank >= 0) queue.push(rank, start);
  };

  for (let s = 0; s < n; s++) {
    next[s] = s + 1;
    prev[s] = s - 1;
  }
  for (let s = 0; s < n; s++) rankPair(s);

  for (let start = queue.pop(); start >= 0; start = queue.pop()) {
    const rank = queue.rank;
    if (pairRank[start] !== rank) continue; // the pair changed since it was queued
    // Every pair is queued with its current rank, and this is the least (rank, start) queued, so
    // this pair is the one the library merges next.
    const right = next[start]!;
    const end = next[right]!;
    next[start] = end;
    if (end < n) prev[end] = start;
    pairRank[right] = -1;
    token[start] = rank;
    rankPair(start);
    if (start > 0) rankPair(prev[start]!);
  }

  const tokens: number[] = [];
  for (let s = 0; s < n; s = next[s]!) tokens.push(next[s] === s + 1 ? table.rankOf(bytes, s, s + 1) : token[s]!);
  return tokens;
}
