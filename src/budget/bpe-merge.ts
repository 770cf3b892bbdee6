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

/**
 * Pairs (rank, start), taken out least rank first, then least start: a min-heap of the ranks
 * queued, each with the starts queued at that rank. Starts mostly arrive in increasing order
 * (a long run queues its pairs left to right), so a rank keeps those in a list taken from the
 * front, and only the others in a heap of their own. A run of a million bytes then costs no heap
 * work per pair, where one heap of a million pairs costs a cache miss at each of its levels.
 */
class PairQueue {
  /** The rank of the pair the last `pop` took. */
  rank = -1;
  private readonly ranks = new MinHeap();
  private readonly starts = new Map<number, StartsOfRank>();

  push(rank: number, start: number): void {
    let starts = this.starts.get(rank);
    if (!starts) {
      starts = { inOrder: [], taken: 0, others: new MinHeap() };
      this.starts.set(rank, starts);
      this.ranks.push(rank);
    }
    const { inOrder } = starts;
    if (starts.taken === inOrder.length || inOrder[inOrder.length - 1]! < start) inOrder.push(start);
    else starts.others.push(start);
  }

  /** The start of the least pair, taken out (its rank in `rank`); -1 when empty. */
  pop(): number {
    if (this.ranks.size === 0) return -1;
    const rank = this.ranks.peek();
    const starts = this.starts.get(rank)!;
    const { inOrder, others } = starts;
    let start: number;
    if (starts.taken < inOrder.length && (others.size === 0 || inOrder[starts.taken]! < others.peek())) start = inOrder[starts.taken++]!;
    else start = others.pop();
    if (starts.taken === inOrder.length && others.size === 0) {
      this.starts.delete(rank);
      this.ranks.pop();
    }
    this.rank = rank;
    return start;
  }
}

interface StartsOfRank {
  readonly inOrder: number[];
  /** How many of `inOrder` were taken out. */
  taken: number;
  readonly others: MinHeap;
}

/** A binary min-heap of numbers. */
class MinHeap {
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): number {
    return this.items[0]!;
  }

  push(item: number): void {
    const items = this.items;
    let at = items.length;
    items.push(item);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (items[parent]! <= item) break;
      items[at] = items[parent]!;
      at = parent;
    }
    items[at] = item;
  }

  pop(): number {
    const items = this.items;
    const least = items[0]!;
    const last = items.pop()!;
    const size = items.length;
    if (size === 0) return least;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && items[child + 1]! < items[child]!) child++;
      if (items[child]! >= last) break;
      items[at] = items[child]!;
      at = child;
    }
    items[at] = last;
    return least;
  }
}
