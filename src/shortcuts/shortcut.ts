import type { NotePricing } from '../budget/note-pricing.js';
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
