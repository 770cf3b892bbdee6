import FlatQueue from 'flatqueue';

/** 2^32: a run's key is rank * RANK + its first start, exact in a double. */
const RANK = 2 ** 32;
/** Slots for open runs (a power of two). */
const OPEN = 64;

/**
 * Pairs (rank, start), least out first, at most `capacity` at once. A merge queues pairs of one rank at increasing
 * starts, so pairs join runs (linked lists) and the heap holds each run's first pair: a long repeat is one run.
 */
export class PairQueue {
  /** The rank of the pair the last `pop` took. */
  rank = -1;
  // Queued pairs are nodes: `next[node]` is the next in its run or in the free list, -1 at the end.
  private readonly starts: Int32Array;
  private readonly next: Int32Array;
  private nodes = 0;
  private free = -1;
  /** Each run's first node, by its key. */
  private readonly runs: FlatQueue<number>;
  // The runs pairs join, at most one a slot (rank % OPEN): a rank and the run's last node.
  private readonly openRank = new Int32Array(OPEN).fill(-1);
  private readonly openLast = new Int32Array(OPEN);

  constructor(capacity: number) {
    this.starts = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.runs = new FlatQueue(capacity);
  }

  /** Queues the pair (rank, start); the same pair may be queued more than once. */
  push(rank: number, start: number): void {
    let node = this.free;
    if (node >= 0) this.free = this.next[node]!;
    else node = this.nodes++;
    this.starts[node] = start;
    this.next[node] = -1;
    const slot = rank & (OPEN - 1);
    const last = this.openLast[slot]!;
    if (this.openRank[slot] === rank && this.starts[last]! <= start) this.next[last] = node;
    else this.runs.push(node, rank * RANK + start);
    this.openRank[slot] = rank;
    this.openLast[slot] = node;
  }

  /** The start of the least pair, taken out (its rank in `rank`); -1 when empty. */
  pop(): number {
    if (this.runs.length === 0) return -1;
    const rank = Math.floor(this.runs.peekValue()! / RANK);
    const node = this.runs.pop()!;
    const after = this.next[node]!;
    const slot = rank & (OPEN - 1);
    if (after >= 0) this.runs.push(after, rank * RANK + this.starts[after]!);
    else if (this.openRank[slot] === rank && this.openLast[slot] === node) this.openRank[slot] = -1;
    this.next[node] = this.free;
    this.free = node;
    this.rank = rank;
    return this.starts[node]!;
  }
}
