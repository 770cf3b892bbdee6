import type { NoteRecord } from '../model/note-record.js';
import { FED_AT_START } from '../relationships/dependents.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { TIERS } from '../relationships/tiers.js';
import { SCAN_ALL, type FilteredRecord, type LeastCostFilter, type SizeFilter } from '../store/size-filter.js';
import type { PageRead } from '../strategies/page-reading.js';
import type { Strategies } from '../strategies/strategies.js';
import { requestKey } from '../store/read-request.js';
import type { Shortcut, WalkState } from './shortcut.js';
import { whenRead } from '../strategies/when-read.js';

/** Pages leave out what cannot fit below this many cheapest notes left: above, reading is cheaper than measuring in SQL. */
const TIGHT_BUDGET_IN_CHEAPEST_NOTES = 8;

/** Candidates a filtered page examines per record it may return: it moves far, yet its statement stays short. */
const SCANNED_PER_RECORD = 16;

/** A later filtered page examines this many times the candidates per kept note its stream's last page found. */
const SCAN_MARGIN = 1.5;

/** Stands for a note a page left out unread: priced at infinity, it is counted as skipped. */
const UNREAD: NoteRecord = Object.freeze({ id: 0, title: '', siblingOrder: 0, notebookId: 0 });

/** Whether `note` stands for notes a page left out unread (one, or a run of them): no note has id 0. */
export const isUnread = (note: NoteRecord): boolean => note.id === UNREAD.id;

/** Relations whose `next` is one stream's next note, so a run a page left out is a run of consecutive candidates. */
const ONE_STREAM: ReadonlySet<RelatedRelation> = new Set(['Child', 'PriorSibling', 'YoungerSibling', 'ReferringNote']);

/**
 * Stepping over what cannot fit, for a reader with size-filtered pages: once the list of skipped notes is full and the
 * budget tight, pages leave out notes showing too much text to fit (`CostModel.sizeLimits`), each offered in its place
 * priced at infinity, so counted as skipped. Not with `fit: shorten`. A note naming its focus only costs more, so the
 * limits hold for a list of foci too.
 */
export function stepOver({ readsExtended, answersAtOnce, fit, report, ledger, costs, focus, several, relations, detailsLimit }: WalkState): Shortcut {
  if (!readsExtended || fit !== 'skip') return {};
  const steppedOver = new WeakSet<NoteRecord>([UNREAD]);
  const tight = () => report.skippedListFull && ledger.remaining < TIGHT_BUDGET_IN_CHEAPEST_NOTES * costs.cheapestNote;
  const runs = stepOverRuns(report, relations);

  /** Candidates examined per kept note on the last filtered page of each stream. */
  const examinedPerKept = new Map<string, number>();

  /** The page's records, each note left out in its place (a run as one, for one stream and one focus). */
  const expand = (records: readonly FilteredRecord[], limit: number, scan: number, stream: string, relation: RelatedRelation): PageRead => {
    const notes: NoteRecord[] = [];
    const inRuns = !several && ONE_STREAM.has(relation);
    let examined = 0;
    let kept = 0;
    for (const record of records) {
      const gap = record.leftOutBefore ?? 0;
      if (inRuns && gap > 0) notes.push(runs.of(gap));
      else for (let left = gap; left > 0; left--) notes.push(UNREAD);
      if (record.leftOut) steppedOver.add(record);
      else kept++;
      notes.push(record);
      examined += 1 + gap;
    }
    examinedPerKept.set(stream, kept > 0 ? examined / kept : SCANNED_PER_RECORD);
    // A page that came back short is the last, unless its scan ended first (`scan` is never below `limit`).
    return { notes, more: records.length >= limit || examined >= scan };
  };

  return {
    readPage: (inner) => (relation) => {
      const read = inner(relation);
      return (request, load) => {
        if (!tight()) return read(request, load);
        // The candidates of one relation's pages, whatever page: the request's key without its bound.
        const stream = requestKey(Object.assign({}, request, { after: undefined, afterId: undefined, limit: 0 }));
        const perKept = Math.min(SCANNED_PER_RECORD, (examinedPerKept.get(stream) ?? SCANNED_PER_RECORD) * SCAN_MARGIN);
        // A database's filtered page is the rest of its relation, in one statement: without an index on the page's order
        // (Doughnut's DDL) each page of a hub is a pass over all its candidates (bounded pages took 40 beside a 100,000-child hub).
        const limit = answersAtOnce ? request.limit : SCAN_ALL;
        const scan = answersAtOnce ? Math.max(request.limit, Math.ceil(request.limit * perKept)) : SCAN_ALL;
        // Object.assign rather than spreads followed by new keys, which are slow on Node 20.
        const filter: SizeFilter = Object.assign({}, costs.sizeLimits(ledger.remaining), { keep: [focus.id, ...ledger.includedIds()], scan });
        // A note's least cost is that of a note of one focus, in full (fit 'skip'); a store in memory keeps it with the note.
        if (answersAtOnce && !several) {
          const leastCost: LeastCostFilter = { max: ledger.remaining, floor: (shown) => costs.noteFloor(relation, shown), of: costs.leastCost(relation, detailsLimit) };
          Object.assign(filter, { leastCost });
        }
        return load(Object.assign({}, request, { limit, filter })).then((records) => expand(records, limit, scan, stream, relation));
      };
    },
    strategies: runs.strategies,
    pricing: (inner) => ({ ...inner, notePrice: (note, ...rest) => (steppedOver.has(note) ? Infinity : inner.notePrice(note, ...rest)) }),
  };
}

/**
 * Runs of notes a page left out, handed out one `UNREAD` at a time. When every active relation of the run's tier is in a
 * run, the rotation would only take turns over them until the shortest ends: those whole turns are counted at once.
 */
function stepOverRuns(report: WalkState['report'], relations: ReadonlySet<RelatedRelation>) {
  const lengths = new WeakMap<NoteRecord, number>();
  const active = new Set<RelatedRelation>(FED_AT_START.filter((relation) => relations.has(relation)));
  /** Candidates left in the run each relation is in. */
  const left = new Map<RelatedRelation, number>();

  /** The next candidate of a relation in a run: `UNREAD`, after the whole turns of its tier before it, if all are in runs. */
  const stepInRun = (relation: RelatedRelation) => {
    const inTier = TIERS.find((tier) => tier.relations.includes(relation))!.relations.filter((other) => active.has(other));
    let turns = left.get(relation)! - 1;
    for (const other of inTier) if (other !== relation) turns = Math.min(turns, left.get(other) ?? 0);
    if (turns > 0 && report.skippedListFull) {
      for (const other of inTier) left.set(other, left.get(other)! - turns);
      report.candidatesConsidered += turns * inTier.length;
      report.skippedCount += turns * inTier.length;
    }
    left.set(relation, left.get(relation)! - 1);
    return UNREAD;
  };

  return {
    /** A note that stands for a run of `length` notes left out. */
    of(length: number): NoteRecord {
      const run = Object.freeze({ ...UNREAD });
      lengths.set(run, length);
      return run;
    },
    strategies: (inner: Strategies): Strategies => ({
      ...inner,
      feed: (relation, anchor) => {
        active.add(relation);
        inner.feed(relation, anchor);
      },
      next: (relation) => {
        if ((left.get(relation) ?? 0) > 0) return stepInRun(relation);
        return whenRead(inner.next(relation), (note) => {
          if (!note) active.delete(relation);
          const length = note && lengths.get(note);
          if (length === undefined) return note;
          left.set(relation, length);
          return stepInRun(relation);
        });
      },
    }),
  };
}
