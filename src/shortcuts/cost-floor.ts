import { shownSizeOf } from '../model/shown-size.js';
import type { Shortcut } from './shortcut.js';
import type { WalkState } from './walk-state.js';

/**
 * The cost floor: once the report's list of skipped notes is full, a note whose floor (from its
 * relation, shape and text bytes, see `CostModel.noteFloor`) is over what is left is priced at
 * infinity without counting its tokens: the walk skips it as it would (with `fit: shorten`, after
 * a search whose tries are priced as they come). A note in another form than section 2's (cut
 * shorter, or naming its focus) is priced as it comes: the floors are those of section 2's notes.
 */
export function costFloor({ report, costs, ledger, detailsLimit }: WalkState): Shortcut {
  return {
    pricing: (inner) => ({
      noteCost: (note, relation, entry, result, form) =>
        report.listFull && form?.cut === undefined && form?.focus === undefined && costs.noteFloor(relation, shownSizeOf(note, detailsLimit)) > ledger.remaining
          ? Infinity
          : inner.noteCost(note, relation, entry, result, form),
      entryCost: (entry, result) => inner.entryCost(entry, result),
    }),
  };
}
