import { earlyStop } from './early-stop.js';
import { readAhead } from './read-ahead.js';
import type { Shortcut } from './shortcut.js';
import { stepOver } from './step-over.js';
import type { WalkState } from './walk-state.js';
import { warmDependents } from './warm-dependents.js';

/**
 * The shortcuts a build takes, each on one line: deleting a line removes that shortcut and
 * changes nothing but speed (`bench/shortcut-gains.ts` measures what each buys; a per-note cost
 * floor, which bought at most 1.35x on any line there, was removed). All of them wait until the
 * report's list of skipped notes is full, so that list comes out as the literal walk gives it.
 */
export function takeShortcuts(state: WalkState): readonly Shortcut[] {
  return [
    stepOver(state),
    earlyStop(state),
    readAhead(state),
    warmDependents,
  ];
}

/** The literal walk of spec section 4: no shortcut, every candidate read and priced. */
export const noShortcuts = (): readonly Shortcut[] => [];
