import { sql, type RawBuilder } from 'kysely';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import { findNotesSelect, foundNotes } from '../sql/find-notes-select.js';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';
import { POSTGRES_DIALECT } from './postgres-dialect.js';
import { postgresUnavailable } from './postgres-unavailable.js';

/**
 * `NoteFinder.findNotes` in one statement (findNotesSelect), bounded by `statement_timeout`.
 */
export async function postgresFindNotes(
  run: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
  query: string,
  { limit, readableNotebooks }: FindNotesOptions,
  { names, queryTimeoutMs }: { names: ResolvedNoteTable; queryTimeoutMs: number },
): Promise<FoundNote[]> {
  if (readableNotebooks?.size === 0) return [];
  const select = findNotesSelect(POSTGRES_DIALECT, names, query, { limit, ...(readableNotebooks && { readableNotebooks }) });
  let rows: unknown[];
  try {
    // The time limit holds in a transaction of its own, ended whatever the search did.
    rows = await run(sql`BEGIN READ ONLY; SET LOCAL statement_timeout = ${sql.lit(queryTimeoutMs)}`)
      .then(() => run(select))
      .finally(() => run(sql`ROLLBACK`).catch(() => undefined));
  } catch (error) {
    throw postgresUnavailable('a note search failed', error);
  }
  return foundNotes(rows);
}
