import type { RelatedRelation } from '../relationships/relation.js';
import type { TokenizerName } from '../budget/tokenizer.js';

/** A note that was a candidate but did not fit in what was left of the budget. */
export interface SkippedNote {
  readonly uri: string;
  readonly relation: RelatedRelation;
  readonly cost: number;
}

/** What a build spent and passed over (spec section 5), returned beside every result. */
export interface BuildReport {
  readonly tokenizer: TokenizerName;
  readonly budget: number;
  /** Tokens of the budget spent on related notes and focus-list entries. */
  readonly used: number;
  readonly left: number;
  /** Tokens of the compact JSON of the result before any related note was added. */
  readonly focusCost: number;
  /** The first {@link MAX_REPORTED_SKIPS} notes skipped for budget, in the order met. */
  readonly skipped: readonly SkippedNote[];
  /** All notes skipped for budget, listed or not. */
  readonly skippedCount: number;
  /** Candidates taken from relations before the build ended. */
  readonly candidatesConsidered: number;
  /** Store round trips (database queries) the build made; 0 for the in-memory store. */
  readonly roundTrips: number;
}

/** A report is for people and logs: a hub's thousands of skips are counted, not listed. */
export const MAX_REPORTED_SKIPS = 100;
