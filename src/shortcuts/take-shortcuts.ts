import { costFloor } from './cost-floor.js';
import { earlyStop } from './early-stop.js';
import type { Shortcut } from './shortcut.js';
import { stepOver } from './step-over.js';
import type { WalkState } from './walk-state.js';
import { warmDependents } from './warm-dependents.js';

/**
 * The shortcuts a build takes, each on one line: deleting a line removes that shortcut and
 * changes nothing but speed. All of them wait until the report's list of skipped notes is full,
 * so that list comes out as the literal walk gives it.
 *
 * Stepping over and the cost floor skip a note without pricing it, which `fit: shorten` must not
 * do (the note may fit shortened): they are left out then. Those two and the early stop reason
 * about one focus note: a build for a list of foci takes none of them, only the reading ahead.
 */
export function takeShortcuts(state: WalkState): readonly Shortcut[] {
  const skipsUnpriced = state.fit === 'skip' && !state.several;
  return [
    ...(skipsUnpriced ? [stepOver(state)] : []),
    ...(skipsUnpriced ? [costFloor(state)] : []),
    ...(state.several ? [] : [earlyStop(state)]),
    warmDependents,
  ];
}

/** The literal walk of spec section 4: no shortcut, every candidate read and priced. */
export const noShortcuts = (): readonly Shortcut[] => [];
