import type { ReadScope } from '../note-store.js';

/** Past this many readable notebooks, the list is sent once, as a table: 100,000 ids inline a dozen times took too long to parse. */
export const MOST_READABLE_NOTEBOOKS_INLINE = 1_000;

export const readableAsTable = (scope: ReadScope): boolean => (scope.readableNotebooks?.size ?? 0) > MOST_READABLE_NOTEBOOKS_INLINE;
