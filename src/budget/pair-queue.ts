/** 2^32: a run's key is rank * RANK + its first start, exact in a double. */
const RANK = 2 ** 32;
/** Slots for open runs (a power of two). */
const OPEN = 64;

/** Pairs (rank, start), least out first, in a binary heap of runs of one rank at increasing starts, as merges queue them. */
export class PairQueue {
  /** The rank of the pair the last `pop` took. */
  rank = -1;
  // Queued pairs are nodes of linked lists: `links[node]` is the next in its run or free list, -1 at the end.
  private starts: Int32Array;
  private links: Int32Array;
  private nodes = 0;
  private free = -1;
  // The heap of runs: each its key and its first node.
  private keys: Float64Array;
  private heads: Int32Array;
  private size = 0;
  // The runs pairs join, at most one a slot (rank % OPEN): a rank and the run's last node.
  private readonly openRank = new Int32Array(OPEN).fill(-1);
  private readonly openLast = new Int32Array(OPEN);

  constructor(capacity = 16) {
    this.starts = new Int32Array(capacity);
    this.links = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
    this.heads = new Int32Array(capacity);
  }

  /** Queues the pair (rank, start); the same pair may be queued more than once. */
  push(rank: number, start: number): void {
    let node = this.free;
    if (node >= 0) this.free = this.links[node]!;
    else {
      node = this.nodes++;
      if (node === this.starts.length) {
        this.starts = grown(this.starts);
        this.links = grown(this.links);
      }
    }
    this.starts[node] = start;
    this.links[node] = -1;
    const slot = rank & (OPEN - 1);
    const last = this.openLast[slot]!;
    if (this.openRank[slot] === rank && this.starts[last]! <= start) this.links[last] = node;
    else this.pushRun(rank * RANK + start, node);
    this.openRank[slot] = rank;
    this.openLast[slot] = node;
  }

  /** The start of the least pair, taken out (its rank in `rank`); -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    const { keys, heads, starts, links } = this;
    const node = heads[0]!;
    const rank = Math.floor(keys[0]! / RANK);
    const after = links[node]!;
    links[node] = this.free;
    this.free = node;
    if (after >= 0) {
      keys[0] = rank * RANK + starts[after]!;
      heads[0] = after;
    } else {
      const slot = rank & (OPEN - 1);
      if (this.openRank[slot] === rank && this.openLast[slot] === node) this.openRank[slot] = -1;
      this.size--;
      keys[0] = keys[this.size]!;
      heads[0] = heads[this.size]!;
    }
    this.siftDown();
    this.rank = rank;
    return starts[node]!;
  }

  private pushRun(key: number, node: number): void {
    if (this.size === this.keys.length) {
      this.keys = grown(this.keys);
      this.heads = grown(this.heads);
    }
    const { keys, heads } = this;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[at] = keys[parent]!;
      heads[at] = heads[parent]!;
      at = parent;
    }
    keys[at] = key;
    heads[at] = node;
  }

  private siftDown(): void {
    const { keys, heads, size } = this;
    const key = keys[0]!;
    const node = heads[0]!;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= key) break;
      keys[at] = keys[child]!;
      heads[at] = heads[child]!;
      at = child;
    }
    keys[at] = key;
    heads[at] = node;
  }
}

function grown<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
