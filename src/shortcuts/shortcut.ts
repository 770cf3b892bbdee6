import type { CostModel } from '../budget/cost-model.js';
import type { NotePricing } from '../budget/note-pricing.js';
import type { Walk } from '../iterator/run-iteration.js';
import type { NoteRecord } from '../model/note-record.js';
import type { AnchorCandidates, ReadingCursor } from '../strategies/create-strategies.js';
import type { NoteLoader } from '../strategies/note-loader.js';
import type { SourcePageReading } from '../strategies/page-reading.js';
import type { Strategies } from '../strategies/strategies.js';

/**
 * A way to go faster than spec section 4's literal walk, as decorators around the core's seams: it changes how much is
 * read, priced or walked, never the result nor the list of skipped notes (tests compare with a build without any).
 */
export interface Shortcut {
  readonly readPage?: (inner: SourcePageReading) => SourcePageReading;
  readonly reading?: (inner: ReadingCursor) => ReadingCursor;
  readonly anchors?: (inner: AnchorCandidates) => AnchorCandidates;
  readonly pricing?: (inner: NotePricing) => NotePricing;
  readonly strategies?: (inner: Strategies) => Strategies;
}

/** What the shortcuts look at; they read it and, to end early, record the last list entries. */
export interface WalkState extends Pick<Walk, 'relations' | 'fit' | 'ledger' | 'result' | 'report' | 'detailsLimit'>, Pick<NoteLoader, 'answersAtOnce' | 'readsExtended'> {
  /** The focus note (the first of a list of foci) and its visible parent. */
  readonly focus: NoteRecord;
  readonly parent: NoteRecord | undefined;
  /** Whether focus is a list (spec section 9). */
  readonly several: boolean;
  /** Notes an earlier page returned: in the result for the walk, yet never offered by it so far. */
  readonly excluded: readonly NoteRecord[];
  readonly costs: CostModel;
}
