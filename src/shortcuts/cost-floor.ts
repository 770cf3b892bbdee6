import type { NoteRecord } from '../model/note-record.js';
import { shownSizeOf, type ShownSize } from '../store/shown-size.js';
import type { FilteredRecord } from '../store/size-filter.js';
import type { Shortcut, WalkState } from './shortcut.js';

/**
 * The cost floor: a note whose floor (`CostModel.noteFloor` of the text it shows) is over what is left is priced at
 * infinity, its tokens uncounted. A note in full only once the list of skipped notes is full (listed costs are real);
 * with `fit: shorten`, the search's tries too. Floors are of a note without `focus`: not for a list of foci.
 */
export function costFloor({ several, costs, ledger, report, detailsLimit, answersAtOnce }: WalkState): Shortcut {
  if (several) return {};
  const inFull = answersAtOnce ? shownInFullOf : shownSizeOf;
  return {
    pricing: (inner) => ({
      ...inner,
      notePrice: (note, relation, result, form) => {
        const shown = form?.cut ?? (report.skippedListFull ? detailsLimit : undefined);
        return form?.focus === undefined && shown !== undefined && costs.noteFloor(relation, shown === detailsLimit ? inFull(note, shown) : shownSizeOf(note, shown)) > ledger.remaining
          ? Infinity
          : inner.notePrice(note, relation, result, form);
      },
    }),
  };
}

/**
 * What a note shows in full, remembered for a reader that answers from memory, which keeps its records across builds
 * (measuring anew cost `estimate` 8 % more CPU); a database's records, and a filtered page's, are new at every build.
 */
const shownInFull = new WeakMap<NoteRecord, { readonly limit: number; readonly size: ShownSize }>();

function shownInFullOf(note: NoteRecord, limit: number): ShownSize {
  if ((note as FilteredRecord).leftOutBefore !== undefined) return shownSizeOf(note, limit);
  const known = shownInFull.get(note);
  if (known?.limit === limit) return known.size;
  const size = shownSizeOf(note, limit);
  shownInFull.set(note, { limit, size });
  return size;
}
