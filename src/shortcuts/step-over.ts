import type { NoteRecord } from '../model/note-record.js';
import type { FilteredRecord } from '../store/size-filter.js';
import type { PageRead } from '../strategies/page-read.js';
import type { PageRequest } from '../store/page-request.js';
import type { Shortcut } from './shortcut.js';
import { skippedListFull } from './skipped-list-full.js';
import type { WalkState } from './walk-state.js';

/**
 * Below this many of the cheapest conceivable notes left in the budget, pages leave out the
 * notes that cannot fit. Above it, most candidates may still fit and reading them is cheaper
 * than measuring every candidate of the relation in SQL.
 */
const TIGHT_BUDGET_IN_CHEAPEST_NOTES = 8;

/**
 * A filtered page examines at most this many candidates per record it may return: enough that a
 * page whose notes mostly cannot fit still moves far, few enough that one statement stays short.
 */
const SCANNED_PER_RECORD = 16;

/**
 * A filtered page after the first of its relation examines this many times the candidates per
 * kept note its last page found, so that a page of notes that mostly pass is not made to measure
 * sixteen candidates a record: a server that materialises the page (MariaDB) measures its whole
 * scan, and around a 100,000-child hub such statements took seconds each.
 */
const SCAN_MARGIN = 1.5;

/** The candidates of one relation's pages, whatever page: what a page request reads beyond its bound. */
function streamOf(request: PageRequest): string {
  switch (request.kind) {
    case 'children':
      return `children ${request.parentId} ${request.direction}`;
    case 'referrings':
      return `referrings ${request.objectId}`;
    case 'siblings':
      return `siblings ${request.of} ${request.up} ${request.direction}`;
  }
}

/** Stands for a note a page left out unread: priced at infinity, it is counted as skipped. */
export const UNREAD: NoteRecord = Object.freeze({ id: 0, title: '', siblingOrder: 0, notebookId: 0 });

/**
 * Stepping over what cannot fit, for a reader that takes size-filtered pages (`NoteReader.readExtended`): once the report's list
 * of skipped notes is full and the budget is tight, pages leave out the notes that show too much
 * text to fit (`CostModel.sizeLimits`). Each note left out is still offered in its place, as a
 * record priced at infinity, so the walk's own over-budget branch counts it as skipped. Not with
 * `fit: shorten`, where a note that shows too much may still fit shortened. With a list of foci a
 * note also names its focus, which only adds to its cost, so the size limits still hold (the
 * other foci are in the ledger, so pages keep them).
 */
export function stepOver({ readsExtended, fit, report, ledger, costs, focus }: WalkState): Shortcut {
  if (!readsExtended || fit !== 'skip') return {};
  const steppedOver = new WeakSet<NoteRecord>([UNREAD]);
  const tight = () => skippedListFull(report) && ledger.remaining < TIGHT_BUDGET_IN_CHEAPEST_NOTES * costs.cheapestNote;

  /** The page's records, each note left out before one in its place; the last page as the walk would find it. */
  /** Candidates examined per kept note on the last filtered page of each stream. */
  const examinedPerKept = new Map<string, number>();

  const expand = (records: readonly FilteredRecord[], limit: number, scan: number, stream: string): PageRead => {
    const notes: NoteRecord[] = [];
    let examined = 0;
    let kept = 0;
    for (const record of records) {
      for (let gap = record.leftOutBefore ?? 0; gap > 0; gap--) notes.push(UNREAD);
      if (record.leftOut) steppedOver.add(record);
      else kept++;
      notes.push(record);
      examined += 1 + (record.leftOutBefore ?? 0);
    }
    examinedPerKept.set(stream, kept > 0 ? examined / kept : SCANNED_PER_RECORD);
    // A page that came back short is the last, unless its scan ended first.
    const filtered = records[0]?.leftOutBefore !== undefined;
    return { notes, more: records.length >= limit || (filtered && examined >= scan) };
  };

  return {
    readPage: (inner) => (relation) => {
      const read = inner(relation);
      return (request, load) => {
        if (!tight()) return read(request, load);
        const stream = streamOf(request);
        const perKept = Math.min(SCANNED_PER_RECORD, (examinedPerKept.get(stream) ?? SCANNED_PER_RECORD) * SCAN_MARGIN);
        const scan = Math.max(request.limit, Math.ceil(request.limit * perKept));
        // Object.assign rather than spreads followed by new keys, which are slow on Node 20.
        const filter = Object.assign({}, costs.sizeLimits(ledger.remaining), { keep: [focus.id, ...ledger.includedIds()], scan });
        return load(Object.assign({}, request, { filter })).then((records) => expand(records, request.limit, scan, stream));
      };
    },
    pricing: (inner) => ({
      notePrice: (note, relation, result, form) => (steppedOver.has(note) ? Infinity : inner.notePrice(note, relation, result, form)),
      entryCost: (entry, result) => inner.entryCost(entry, result),
    }),
  };
}
