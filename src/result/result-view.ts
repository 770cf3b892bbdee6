import type { FocusListName } from '../relationships/focus-lists.js';

/** What pricing needs to know of the result as it stands. */
export interface ResultView {
  readonly relatedCount: number;
  list(name: FocusListName): readonly string[];
  /** For a `MultiFocusResult`: which of how many focus notes holds the lists (spec section 9). */
  readonly focusPlace?: { readonly index: number; readonly of: number };
}
