/**
 * Pairs (rank, start), taken out least rank first, then least start: a min-heap of the ranks
 * queued, each with the starts queued at that rank. Starts mostly arrive in increasing order
 * (a long run queues its pairs left to right), so a rank keeps those in a list taken from the
 * front, and only the others in a heap of their own. A run of a million bytes then costs no heap
 * work per pair, where one heap of a million pairs costs a cache miss at each of its levels.
 */
export class PairQueue {
  /** The rank of the pair the last `pop` took. */
  rank = -1;
  private readonly ranks = new MinHeap();
  private readonly starts = new Map<number, StartsOfRank>();

  /** Queues the pair (rank, start); the same pair may be queued more than once. */
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
