import type { Shortcut } from './shortcut.js';

/**
 * Reading ahead for a store with round trips: the notes on a feeding relation's first pages
 * start the reads they would lead to once reached (the dependents' cursors are made, and
 * `readAhead` starts their first reads), so those ride in an early batch.
 */
export const warmDependents: Shortcut = { warmsDependents: true };
