import type { NoteRecord } from '../model/note-record.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { TierRotation } from '../iterator/tier-rotation.js';
import type { LoaderOptions } from '../strategies/note-loader.js';
import type { Strategies } from '../strategies/strategy.js';

/**
 * Everything a build does to go faster than walking spec section 4 literally, behind one seam.
 * Each shortcut may only change how much is read, priced or walked, never the result nor the
 * report's list of skipped notes: `NO_SHORTCUTS` gives the same, slower (the property tests
 * compare the two).
 */
export interface Shortcuts {
  /** How the loader reads: what a page may leave out, whether to start reads before they are needed. */
  readonly reads: LoaderOptions;
  /** Wraps the strategies, to see what each relation has offered. */
  watch(strategies: Strategies): Strategies;
  /**
   * Whether `note`, new to the result and offered by `relation`, surely costs more than is left,
   * so that pricing it is wasted work. Only once the report lists no more skipped notes.
   */
  surelyOver(note: NoteRecord, relation: RelatedRelation): boolean;
  /**
   * Asked after each step: whether the rest of the walk can no longer change anything but the
   * focus lists, and the entries it would still record are now recorded, so the build may end.
   */
  endsEarly(rotation: TierRotation): boolean;
}

/** The literal walk: every candidate read, priced and walked. */
export const NO_SHORTCUTS: Shortcuts = {
  reads: { pageFilter: () => undefined, warmDependents: false },
  watch: (strategies) => strategies,
  surelyOver: () => false,
  endsEarly: () => false,
};
