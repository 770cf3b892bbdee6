import type { NoteId } from '../model/note-record.js';

export type OfferOutcome = 'added' | 'duplicate' | 'over-budget';

/**
 * The one place that knows what the result already holds and what is left to spend. Pure: it
 * never reads notes, it only answers offers.
 */
export class BudgetLedger {
  private remainingTokens: number;
  private readonly included = new Set<NoteId>();

  constructor(readonly budget: number) {
    this.remainingTokens = budget;
  }

  get remaining(): number {
    return this.remainingTokens;
  }

  get used(): number {
    return this.budget - this.remainingTokens;
  }

  get exhausted(): boolean {
    return this.remainingTokens === 0;
  }

  /** The notes in the result so far (and those counted as returned by an earlier page). */
  includedIds(): NoteId[] {
    return [...this.included];
  }

  has(id: NoteId): boolean {
    return this.included.has(id);
  }

  /** Counts a note as already in the result without spending on it (an earlier page's note). */
  markIncluded(id: NoteId): void {
    this.included.add(id);
  }

  /**
   * Offers a new related note. The cost is asked for only when the note is not already in the
   * result, so a duplicate is never priced.
   */
  offerNote(id: NoteId, cost: () => number): { outcome: OfferOutcome; cost?: number } {
    if (this.included.has(id)) return { outcome: 'duplicate' };
    const price = cost();
    if (price > this.remainingTokens) return { outcome: 'over-budget', cost: price };
    this.included.add(id);
    this.remainingTokens -= price;
    return { outcome: 'added', cost: price };
  }

  /** Spends on a focus-list entry if it fits; answers whether it did. */
  offerEntry(cost: number): boolean {
    if (cost > this.remainingTokens) return false;
    this.remainingTokens -= cost;
    return true;
  }
}
