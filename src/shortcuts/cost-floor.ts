import type { NoteRecord } from '../model/note-record.js';
import { shownSizeOf, type ShownSize } from '../store/shown-size.js';
import type { FilteredRecord } from '../store/size-filter.js';
import type { Shortcut, WalkState } from './shortcut.js';

/**
 * The cost floor: a note whose floor (`CostModel.noteFloor` of the text it shows) is over what is
 * left cannot fit, so it is priced at infinity without counting its tokens. A note in full, only
 * once the report's list of skipped notes is full (the listed costs are real ones); with `fit:
 * shorten`, the search's tries too. The floors are those of a note without a `focus` field: a
 * build for a list of foci does not take this shortcut.
 */
export function costFloor({ several, costs, ledger, report, detailsLimit, answersAtOnce }: WalkState): Shortcut {
  if (several) return {};
  // Records read from memory are kept across builds; those read from a database are new each time.
  const inFull = answersAtOnce ? shownInFullOf : shownSizeOf;
  return {
    pricing: (inner) => ({
      notePrice: (note, relation, result, form) => {
        const shown = form?.cut ?? (report.skippedListFull ? detailsLimit : undefined);
        return form?.focus === undefined && shown !== undefined && costs.noteFloor(relation, shown === detailsLimit ? inFull(note, shown) : shownSizeOf(note, shown)) > ledger.remaining
          ? Infinity
          : inner.notePrice(note, relation, result, form);
      },
      entryCost: (entry, result) => inner.entryCost(entry, result),
    }),
  };
}

/**
 * What a note shows in full, remembered with its record for a reader that answers from memory: it
 * keeps its records across builds, and measuring anew cost `estimate` builds 8 % more CPU. A
 * database's records, and a filtered page's, are new at every build: not worth remembering.
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
