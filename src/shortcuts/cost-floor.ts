import { PRICED_OUT } from '../budget/note-pricing.js';
import { shownSizeOf } from '../store/shown-size.js';
import type { Shortcut } from './shortcut.js';
import type { WalkState } from './walk-state.js';

const BPE: ReadonlySet<string> = new Set(['o200k', 'cl100k']);

/**
 * The cost floor: a note whose floor (`CostModel.noteFloor` of the text it shows) is over what is
 * left cannot fit, so it is priced at infinity without counting its tokens, and the walk skips it
 * as it would. A note in full, only once the report's list of skipped notes is full (the listed
 * costs are real ones); with `fit: shorten`, the search's tries too, each against the floor of the
 * text its cut shows. The floors are those of a note without a `focus` field: a build for a list
 * of foci does not take this shortcut. Only where counting costs more than the floor: with a
 * byte-pair tokenizer (in memory, estimate builds took 8 % more CPU with it).
 */
export function costFloor({ costs, ledger, report, detailsLimit, tokenizer }: WalkState): Shortcut {
  // `estimate` and `one-per-note` price a note from its bytes, as cheaply as its floor is measured.
  if (!BPE.has(tokenizer)) return {};
  return {
    pricing: (inner) => ({
      notePrice: (note, relation, result, form) => {
        const shown = form?.cut ?? (report.listFull ? detailsLimit : undefined);
        return form?.focus === undefined && shown !== undefined && costs.noteFloor(relation, shownSizeOf(note, shown)) > ledger.remaining
          ? PRICED_OUT
          : inner.notePrice(note, relation, result, form);
      },
      entryCost: (entry, result) => inner.entryCost(entry, result),
    }),
  };
}
