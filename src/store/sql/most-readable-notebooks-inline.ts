import type { ReadScope } from '../note-store.js';

/**
 * Past this many readable notebooks, the list is sent once, as a table (`readable_notebooks`),
 * not at each visibility check: 100,000 ids written a dozen times took MySQL longer to parse than
 * a statement may run, and PostgreSQL 2.5 s per build against 1.3 s.
 */
export const MOST_READABLE_NOTEBOOKS_INLINE = 1_000;

/** Whether the scope's readable notebooks are read as a table. */
export const readableAsTable = (scope: ReadScope): boolean => (scope.readableNotebooks?.size ?? 0) > MOST_READABLE_NOTEBOOKS_INLINE;
