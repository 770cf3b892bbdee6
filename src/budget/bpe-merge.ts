import { PairQueue } from './pair-queue.js';
import type { RankTable } from './rank-table.js';

/** The tokens gpt-tokenizer's `encode` gives one chunk, in O(n log n) where the library is quadratic, from a {@link PairQueue}. */
export function bpeMerge(chunk: string, table: RankTable): number[] {
  // A lone surrogate becomes EF BF BD, as the library's TextEncoder makes it.
  const bytes = Buffer.from(chunk, 'utf8');
  const whole = table.chunkRank(chunk, bytes, bytes.length);
  return whole >= 0 ? [whole] : new Merge(bytes, table).tokens();
}

/** The merge of one chunk; a class, since code optimised for one call's closures is thrown away at the next. */
class Merge {
  private readonly n: number;
  /** Parts are runs of bytes: `next[s]` is where the part at s ends, `prev[s]` where the one before starts. */
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  /** The token of the part at s: its bytes' rank. */
  private readonly token: Int32Array;
  /** The rank of the pair of the part at s and the one after it; -1 for none, or no part at s. */
  private readonly pairRank: Int32Array;
  private readonly queue: PairQueue;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly table: RankTable,
  ) {
    const n = (this.n = bytes.length);
    this.next = new Int32Array(n);
    this.prev = new Int32Array(n);
    this.token = new Int32Array(n);
    this.pairRank = new Int32Array(n);
    // Each pair taken out queues at most two: no more than n - 1 + (n - 1) are queued at once.
    this.queue = new PairQueue(2 * n);
    for (let s = 0; s < n; s++) {
      this.next[s] = s + 1;
      this.prev[s] = s - 1;
      this.token[s] = table.byteRank(bytes[s]!);
    }
    for (let s = 0; s < n; s++) this.rankPair(s);
  }

  tokens(): number[] {
    const { n, next, prev, token, pairRank, queue } = this;
    for (let start = queue.pop(); start >= 0; start = queue.pop()) {
      const rank = queue.rank;
      if (pairRank[start] !== rank) continue; // the pair changed since it was queued
      // The least (rank, start) queued with its current rank: the pair the library merges next.
      const right = next[start]!;
      const end = next[right]!;
      next[start] = end;
      if (end < n) prev[end] = start;
      pairRank[right] = -1;
      token[start] = rank;
      // The pair before first: a merge's pairs are then queued at increasing starts.
      if (start > 0) this.rankPair(prev[start]!);
      this.rankPair(start);
    }
    const tokens: number[] = [];
    for (let s = 0; s < n; s = next[s]!) tokens.push(token[s]!);
    return tokens;
  }

  private rankPair(start: number): void {
    const right = this.next[start]!;
    const rank = right < this.n ? this.table.pairRank(this.token[start]!, this.token[right]!, this.bytes, start, right, this.next[right]!) : -1;
    this.pairRank[start] = rank;
    if (rank >= 0) this.queue.push(rank, start);
  }
}
