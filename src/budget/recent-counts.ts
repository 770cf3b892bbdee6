/**
 * Counts of recent keys, bounded without an LRU list: two generations of at most `perGeneration`
 * keys each. A key found in the older generation moves to the newer; when the newer is full, the
 * older is dropped and the newer takes its place. A lookup is one or two `Map` gets, cheap enough
 * to make for every pre-tokenizer chunk of every text a build prices.
 */
export class RecentCounts {
  private newer = new Map<string, number>();
  private older = new Map<string, number>();

  constructor(private readonly perGeneration: number) {}

  /** The count of `key`, made by `count` when it is not remembered. */
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
