import { PRICED_OUT } from '../budget/note-pricing.js';
import type { NoteRecord } from '../model/note-record.js';
import { shownSizeOf, type ShownSize } from '../store/shown-size.js';
import type { Shortcut } from './shortcut.js';
import type { WalkState } from './walk-state.js';

/**
 * The cost floor: a note whose floor (`CostModel.noteFloor` of the text it shows) is over what is
 * left cannot fit, so it is priced at infinity without counting its tokens, and the walk skips it
 * as it would. A note in full, only once the report's list of skipped notes is full (the listed
 * costs are real ones); with `fit: shorten`, the search's tries too, each against the floor of the
 * text its cut shows. The floors are those of a note without a `focus` field: a build for a list
 * of foci does not take this shortcut.
 */
export function costFloor({ costs, ledger, report, detailsLimit }: WalkState): Shortcut {
  return {
    pricing: (inner) => ({
      notePrice: (note, relation, result, form) => {
        const shown = form?.cut ?? (report.listFull ? detailsLimit : undefined);
        return form?.focus === undefined && shown !== undefined && costs.noteFloor(relation, shown === detailsLimit ? shownInFullOf(note, shown) : shownSizeOf(note, shown)) > ledger.remaining
          ? PRICED_OUT
          : inner.notePrice(note, relation, result, form);
      },
      entryCost: (entry, result) => inner.entryCost(entry, result),
    }),
  };
}

/**
 * What a note shows in full, remembered with its record: a store that keeps its records across
 * builds (the memory store does) has each measured once, and measuring took as long as pricing a
 * note with `estimate` (in memory, estimate builds took 8 % more CPU with the floor measured anew).
 */
const shownInFull = new WeakMap<NoteRecord, { readonly limit: number; readonly size: ShownSize }>();

function shownInFullOf(note: NoteRecord, limit: number): ShownSize {
  const known = shownInFull.get(note);
  if (known?.limit === limit) return known.size;
  const size = shownSizeOf(note, limit);
  shownInFull.set(note, { limit, size });
  return size;
}
