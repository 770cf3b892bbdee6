import { earlyStop } from './early-stop.js';
import { readAhead } from './read-ahead.js';
import type { Shortcut } from './shortcut.js';
import { shorteningFloor } from './shortening-floor.js';
import { stepOver } from './step-over.js';
import type { WalkState } from './walk-state.js';
import { warmDependents } from './warm-dependents.js';

/**
 * The shortcuts a build takes, each on one line: deleting a line removes that shortcut and
 * changes nothing but speed (`bench/shortcut-gains.ts` measures what each buys; a per-note cost
 * floor, which bought at most 1.35x on any line there, was removed). All of them wait until the
 * report's list of skipped notes is full, so that list comes out as the literal walk gives it.
 *
 * Stepping over leaves a note out unread, which `fit: shorten` must not do (the note may fit
 * shortened): it is left out then, and `shorteningFloor` prices the notes and the search's tries
 * against their floors instead. With a list of foci a note also names its focus, which only adds
 * to its cost, so the size limits behind stepping over hold (the other foci are in the ledger, so
 * pages keep them); the early stop and the shortening floor reason about one focus note and are
 * left out then.
 */
export function takeShortcuts(state: WalkState): readonly Shortcut[] {
  const one = !state.several;
  return [
    ...(state.fit === 'skip' ? [stepOver(state)] : []),
    ...(one ? [earlyStop(state)] : []),
    ...(one && state.fit === 'shorten' ? [shorteningFloor(state)] : []),
    readAhead(state),
    warmDependents,
  ];
}

/** The literal walk of spec section 4: no shortcut, every candidate read and priced. */
export const noShortcuts = (): readonly Shortcut[] => [];
