import type { ReadScope } from '../note-store.js';

/**
 * Past this many readable notebooks, the list is sent once, as one parameter the statement reads
 * into a table (`readable_notebooks`) named wherever visibility is checked, rather than as a list
 * at each of those places. On MySQL, 100,000 ids written a dozen times made a statement of
 * megabytes that the server took longer to parse than a statement may run; on PostgreSQL, 100,000
 * ids sent a dozen times made a build of the sample notebook take 2.5 s; read once, 1.3 s (the
 * server then hashes the table at each of those places; an array inline is hashed as well, but
 * each copy must be sent and parsed).
 */
export const MOST_READABLE_NOTEBOOKS_INLINE = 1_000;

/** Whether the scope's readable notebooks are read as a table. */
export const readableAsTable = (scope: ReadScope): boolean => (scope.readableNotebooks?.size ?? 0) > MOST_READABLE_NOTEBOOKS_INLINE;
