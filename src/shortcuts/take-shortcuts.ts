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
 */
export function takeShortcuts(state: WalkState): readonly Shortcut[] {
  // Each wraps the ones above it: a note stepped over is priced at infinity before its floor is measured.
  return [
    costFloor(state),
    stepOver(state),
    earlyStop(state),
    warmDependents,
  ];
}

/** The literal walk of spec section 4: no shortcut, every candidate read and priced. */
export const noShortcuts = (): readonly Shortcut[] => [];
