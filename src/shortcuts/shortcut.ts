import type { BudgetLedger } from '../budget/budget-ledger.js';
import type { CostModel } from '../budget/cost-model.js';
import type { NotePricing } from '../budget/note-pricing.js';
import type { WalkReport } from '../iterator/walk-report.js';
import type { NoteRecord } from '../model/note-record.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { Fit } from '../result/fits.js';
import type { ResultBuilder } from '../result/result-builder.js';
import type { AnchorCandidates, ReadingCursor } from '../strategies/create-strategies.js';
import type { SourcePageReading } from '../strategies/page-reading.js';
import type { Strategies } from '../strategies/strategies.js';

/**
 * One way to go faster than walking spec section 4 literally, as decorators around the seams of
 * the core. A shortcut may only change how much is read, priced or walked, never the result nor
 * the report's list of skipped notes: a build without any gives the same, slower (tests compare).
 */
export interface Shortcut {
  readonly readPage?: (inner: SourcePageReading) => SourcePageReading;
  readonly reading?: (inner: ReadingCursor) => ReadingCursor;
  readonly anchors?: (inner: AnchorCandidates) => AnchorCandidates;
  readonly pricing?: (inner: NotePricing) => NotePricing;
  readonly strategies?: (inner: Strategies) => Strategies;
}

/** What the shortcuts look at; they read it and, to end early, record the last list entries. */
export interface WalkState {
  /** The focus note (the first of a list of foci). */
  readonly focus: NoteRecord;
  /** Whether focus is a list (spec section 9): the shortcuts then reason about several foci. */
  readonly several: boolean;
  /** The relations the build may use. */
  readonly relations: ReadonlySet<RelatedRelation>;
  /** What the walk does with a new note over what is left. */
  readonly fit: Fit;
  /** The focus note's parent as a record, if it has a visible one. */
  readonly parent: NoteRecord | undefined;
  /** Notes an earlier page returned: in the result for the walk, yet never offered by it so far. */
  readonly excluded: readonly NoteRecord[];
  readonly ledger: BudgetLedger;
  readonly result: ResultBuilder;
  readonly report: WalkReport;
  readonly costs: CostModel;
  readonly detailsLimit: number;
  /** Whether the reader answers each request at once (`NoteReader.readNow`): it has no round trips to save. */
  readonly answersAtOnce: boolean;
  /** Whether the reader takes siblings pages and size-filtered pages (`NoteReader.readExtended`). */
  readonly readsExtended: boolean;
}
