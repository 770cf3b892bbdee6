/** Counts of recent keys in two generations of `Map`s, the older dropped when the newer is full: cheaper than an LRU. */
export class RecentCounts {
  private newer = new Map<string, number>();
  private older = new Map<string, number>();

  constructor(private readonly perGeneration: number) {}

  get(key: string, count: (key: string) => number): number {
    const found = this.newer.get(key);
    if (found !== undefined) return found;
    let tokens = this.older.get(key);
    if (tokens === undefined) tokens = count(key);
    this.remember(key, tokens);
    return tokens;
  }

  private remember(key: string, tokens: number): void {
    if (this.newer.size >= this.perGeneration) {
      this.older = this.newer;
      this.newer = new Map();
    }
    // A key cut from a longer text may hold on to all of it (V8 slices): keep a copy of its own.
    this.newer.set((` ${key}`).slice(1), tokens);
  }
}
