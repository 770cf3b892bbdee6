import type { NoteId } from '../model/note-record.js';
import type { NoteLoader } from '../strategies/note-loader.js';
import { costFloor } from './cost-floor.js';
import { earlyStop } from './early-stop.js';
import { readAhead } from './read-ahead.js';
import type { Shortcut, WalkState } from './shortcut.js';
import { startFirstReads } from './start-first-reads.js';
import { stepOver } from './step-over.js';
import { warmDependents } from './warm-dependents.js';

/**
 * The shortcuts a build takes, each deciding whether it applies: deleting one changes nothing but speed
 * (`bench/shortcut-gains.ts`). Stepping over wraps the cost floor, so a note it left out is never measured for a floor.
 */
export const takeShortcuts: ShortcutPlan = {
  firstReads: startFirstReads,
  walk: (state) => [costFloor(state), stepOver(state), earlyStop(state), readAhead(state), warmDependents(state)],
};

/** The literal walk of spec section 4: no shortcut, every candidate read and priced. */
export const noShortcuts: ShortcutPlan = { firstReads: () => {}, walk: () => [] };

/** What a build takes beyond the literal walk, before and once its focus notes are read. */
export interface ShortcutPlan {
  /** Reads started with a focus note's own, before it is known (each focus of a list in turn). */
  firstReads(focusId: NoteId, loader: NoteLoader): void;
  /** The walk's shortcuts, once the focus notes are read. */
  walk(state: WalkState): readonly Shortcut[];
}
