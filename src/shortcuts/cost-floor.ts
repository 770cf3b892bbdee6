import { shownSizeOf } from '../model/shown-size.js';
import type { Shortcut } from './shortcut.js';
import type { WalkState } from './walk-state.js';

/**
 * The cost floor: once the report's list of skipped notes is full, a note whose floor (from its
 * relation, shape and text bytes, see `CostModel.noteFloor`) is over what is left is priced at
 * infinity without counting its tokens: the walk skips it as it would (with `fit: shorten`, after
 * a search whose tries are priced as they come). A note cut shorter is priced as it comes: its
 * floor is not that of its full form. A note that names its focus (several foci) costs at least
 * what it would without the `focus` field (estimate: more bytes; prompt: one more line, split
 * from the others; JSON: the field follows the relation word, at a split, and the closing
 * punctuation stays one chunk), so the floor holds for it.
 */
export function costFloor({ report, costs, ledger, detailsLimit }: WalkState): Shortcut {
  return {
    pricing: (inner) => ({
      noteCost: (note, relation, entry, result, form) =>
        report.listFull && form?.cut === undefined && costs.noteFloor(relation, shownSizeOf(note, detailsLimit)) > ledger.remaining
          ? Infinity
          : inner.noteCost(note, relation, entry, result, form),
      entryCost: (entry, result) => inner.entryCost(entry, result),
    }),
  };
}
