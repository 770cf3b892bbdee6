import type { NoteRecord } from '../model/note-record.js';
import { FED_AT_START } from '../relationships/dependents.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { TIERS, type Tier } from '../relationships/tiers.js';
import type { FilteredRecord, LeastCostFilter, SizeFilter } from '../store/size-filter.js';
import type { PageRead } from '../strategies/page-reading.js';
import type { Strategies } from '../strategies/strategies.js';
import type { PageRequest } from '../store/page-request.js';
import type { Shortcut } from './shortcut.js';
import { skippedListFull } from './skipped-list-full.js';
import type { WalkState } from './walk-state.js';
import { whenRead } from '../strategies/when-read.js';

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
 * sixteen candidates a record.
 */
const SCAN_MARGIN = 1.5;

/**
 * A filtered page of a store that does not answer at once is the rest of its relation, each
 * candidate measured in one statement: it returns only notes that may fit, and the walk needs
 * all of those. Without an index on the page's order (Doughnut's own DDL) every page of a hub
 * costs the server a pass over all its candidates, and bounded pages took 40 such passes beside
 * a 100,000-child hub. A store in memory measures a bounded page without a round trip.
 */
const THE_REST = 2 ** 31 - 1;

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
const UNREAD: NoteRecord = Object.freeze({ id: 0, title: '', siblingOrder: 0, notebookId: 0 });

/** Whether `note` stands for notes a page left out unread (one, or a run of them): no note has id 0. */
export const isUnread = (note: NoteRecord): boolean => note.id === UNREAD.id;

/**
 * The relations whose candidates come from one stream of pages, each `next` the stream's next
 * note: a run of notes a page left out is a run of consecutive candidates of the relation. (An
 * anchor-fed relation moves to the next anchor at each candidate, a spiral between two streams.)
 */
const ONE_STREAM: ReadonlySet<RelatedRelation> = new Set(['Child', 'PriorSibling', 'YoungerSibling', 'ReferringNote']);


const TIER_OF = new Map<RelatedRelation, Tier>(TIERS.flatMap((tier) => tier.relations.map((relation) => [relation, tier] as const)));

/**
 * Stepping over what cannot fit, for a reader that takes size-filtered pages (`NoteReader.readExtended`): once the report's list
 * of skipped notes is full and the budget is tight, pages leave out the notes that show too much
 * text to fit (`CostModel.sizeLimits`). Each note left out is still offered in its place, as a
 * record priced at infinity, so the walk's own over-budget branch counts it as skipped. Not with
 * `fit: shorten`, where a note that shows too much may still fit shortened. With a list of foci a
 * note also names its focus, which only adds to its cost, so the size limits still hold (the
 * other foci are in the ledger, so pages keep them).
 */
export function stepOver({ readsExtended, answersAtOnce, fit, report, ledger, costs, focus, several, relations, detailsLimit }: WalkState): Shortcut {
  if (!readsExtended || fit !== 'skip') return {};
  const steppedOver = new WeakSet<NoteRecord>([UNREAD]);
  const tight = () => skippedListFull(report) && ledger.remaining < TIGHT_BUDGET_IN_CHEAPEST_NOTES * costs.cheapestNote;
  const runs = stepOverRuns(report, relations);

  /** Candidates examined per kept note on the last filtered page of each stream. */
  const examinedPerKept = new Map<string, number>();

  /**
   * The page's records, each note left out before one in its place (a run of them as one note,
   * for a relation of one stream and one focus); the last page as the walk would find it.
   */
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
      examined += 1 + (record.leftOutBefore ?? 0);
    }
    examinedPerKept.set(stream, kept > 0 ? examined / kept : SCANNED_PER_RECORD);
    // A page that came back short is the last, unless its scan ended first.
    const filtered = records[0]?.leftOutBefore !== undefined;
    return { notes, more: records.length >= limit || (filtered && examined >= scan) };
  };

  const leastCostFilter = (relation: RelatedRelation): LeastCostFilter => ({
    max: ledger.remaining,
    floor: (shown) => costs.noteFloor(relation, shown),
    of: costs.leastCost(relation, detailsLimit),
  });

  return {
    readPage: (inner) => (relation) => {
      const read = inner(relation);
      return (request, load) => {
        if (!tight()) return read(request, load);
        const stream = streamOf(request);
        const perKept = Math.min(SCANNED_PER_RECORD, (examinedPerKept.get(stream) ?? SCANNED_PER_RECORD) * SCAN_MARGIN);
        const limit = answersAtOnce ? request.limit : THE_REST;
        const scan = answersAtOnce ? Math.max(request.limit, Math.ceil(request.limit * perKept)) : THE_REST;
        // Object.assign rather than spreads followed by new keys, which are slow on Node 20.
        const filter: SizeFilter = Object.assign({}, costs.sizeLimits(ledger.remaining), { keep: [focus.id, ...ledger.includedIds()], scan });
        // A note's least cost is that of a note of one focus, written in full (fit 'skip');
        // a store in memory keeps it with the note.
        if (answersAtOnce && !several) Object.assign(filter, { leastCost: leastCostFilter(relation) });
        return load(Object.assign({}, request, { limit, filter })).then((records) => expand(records, limit, scan, stream, relation));
      };
    },
    strategies: runs.strategies,
    pricing: (inner) => ({
      notePrice: (note, relation, result, form) => (steppedOver.has(note) ? Infinity : inner.notePrice(note, relation, result, form)),
      entryCost: (entry, result) => inner.entryCost(entry, result),
    }),
  };
}

/**
 * Runs of notes a page left out, walked in bulk where the walk could only take them one step
 * each: every note of a run is a candidate priced at infinity, that changes nothing but the
 * report's counts. A run is handed out one candidate at a time, as `UNREAD`; but when every active
 * relation of the run's tier is in a run, the tier's rotation would only take turns over them
 * until the shortest ends, so those whole turns are counted at once (considered and skipped)
 * and the walk takes the next step. Which relations are active is followed as the walk has it:
 * active at the start or when fed, inactive once they offer nothing.
 */
function stepOverRuns(report: WalkState['report'], relations: ReadonlySet<RelatedRelation>) {
  const lengths = new WeakMap<NoteRecord, number>();
  const active = new Set<RelatedRelation>(FED_AT_START.filter((relation) => relations.has(relation)));
  /** Candidates left in the run each relation is in. */
  const left = new Map<RelatedRelation, number>();

  /** Counts the whole turns of `relation`'s tier that come before its next step, if every active relation of the tier is in a run. */
  const countWholeTurns = (relation: RelatedRelation) => {
    const inTier = TIER_OF.get(relation)!.relations.filter((other) => active.has(other));
    let turns = left.get(relation)! - 1;
    for (const other of inTier) if (other !== relation) turns = Math.min(turns, left.get(other) ?? 0);
    if (turns <= 0 || !skippedListFull(report)) return;
    for (const other of inTier) left.set(other, left.get(other)! - turns);
    report.candidatesConsidered += turns * inTier.length;
    report.skippedCount += turns * inTier.length;
  };
  /** The next candidate of a relation in a run: `UNREAD`, after any whole turns counted. */
  const stepInRun = (relation: RelatedRelation) => {
    countWholeTurns(relation);
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
