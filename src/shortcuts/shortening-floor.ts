import { shownSizeOf } from '../model/shown-size.js';
import type { Shortcut } from './shortcut.js';
import type { WalkState } from './walk-state.js';

/**
 * The cost floor inside `fit: shorten`'s search: a try whose floor (`CostModel.noteFloor` of the
 * text the cut shows) is over what is left cannot fit, so it is priced at infinity without
 * counting its tokens, and the search goes on exactly as it would. Only the tries of the search
 * are priced so (the report's cost of a skipped note is its full cost, priced as before); the
 * floors are those of a note without a `focus` field, so a build for a list of foci takes none.
 */
export function shorteningFloor({ costs, ledger }: WalkState): Shortcut {
  return {
    pricing: (inner) => ({
      noteCost: (note, relation, entry, result, form) =>
        form?.cut !== undefined && form.focus === undefined && costs.noteFloor(relation, shownSizeOf(note, form.cut)) > ledger.remaining
          ? Infinity
          : inner.noteCost(note, relation, entry, result, form),
      entryCost: (entry, result) => inner.entryCost(entry, result),
    }),
  };
}
