import { costFloor } from './cost-floor.js';
import { earlyStop } from './early-stop.js';
import type { Shortcut } from './shortcut.js';
import { shorteningFloor } from './shortening-floor.js';
import { stepOver } from './step-over.js';
import type { WalkState } from './walk-state.js';
import { warmDependents } from './warm-dependents.js';

/**
 * The shortcuts a build takes, each on one line: deleting a line removes that shortcut and
 * changes nothing but speed. All of them wait until the report's list of skipped notes is full,
 * so that list comes out as the literal walk gives it.
 *
 * Stepping over leaves a note out unread, which `fit: shorten` must not do (the note may fit
 * shortened): it is left out then. The cost floor only prices a note's full form, so a note it
 * prices at infinity still goes through the shortening search, whose tries have floors of their
 * own (`shorteningFloor`). With a list of foci a note also names its focus, which only adds to
 * its cost, so the floors behind stepping over and the cost floor hold (the other foci are in
 * the ledger, so pages keep them); the early stop and the shortening floor reason about one
 * focus note and are left out then.
 */
export function takeShortcuts(state: WalkState): readonly Shortcut[] {
  const one = !state.several;
  return [
    ...(state.fit === 'skip' ? [stepOver(state)] : []),
    costFloor(state),
    ...(one ? [earlyStop(state)] : []),
    ...(one && state.fit === 'shorten' ? [shorteningFloor(state)] : []),
    warmDependents,
  ];
}

/** The literal walk of spec section 4: no shortcut, every candidate read and priced. */
export const noShortcuts = (): readonly Shortcut[] => [];
