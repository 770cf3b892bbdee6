import type { NoteId } from '../model/note-record.js';

/** What became of a note offered to the ledger. */
export type AddOutcome = 'added' | 'duplicate' | 'over-budget';

/** The one place that knows which notes the result holds and what is left to spend; pure, it only answers offers. */
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

  has(id: NoteId): boolean {
    return this.included.has(id);
  }

  /** The notes in the result so far, and those an earlier page returned. */
  includedIds(): NoteId[] {
    return [...this.included];
  }

  /** Counts a note an earlier page returned as already in the result, without spending on it. */
  markReturned(id: NoteId): void {
    this.included.add(id);
  }

  /** Adds a related note that costs `cost`, if it is new and fits. */
  addNote(id: NoteId, cost: number): AddOutcome {
    if (this.included.has(id)) return 'duplicate';
    if (cost > this.remainingTokens) return 'over-budget';
    this.included.add(id);
    this.remainingTokens -= cost;
    return 'added';
  }

  /** Spends on a focus-list entry that costs `cost`, if it fits. */
  addEntry(cost: number): Exclude<AddOutcome, 'duplicate'> {
    if (cost > this.remainingTokens) return 'over-budget';
    this.remainingTokens -= cost;
    return 'added';
  }
}
