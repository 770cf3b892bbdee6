import { sql, type RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../errors.js';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import { findNotesSelect, foundNotes } from '../sql/find-notes-select.js';
import { MYSQL_DIALECT } from './mysql-dialect.js';
import type { ServerFlavour } from './server-flavour.js';
import { resolveNoteTable, type ResolvedNoteTable } from '../sql/note-table-names.js';

/**
 * Recommended, not required, for `findNotes` on a large notebook: lets `LIKE 'prefix%'` read a
 * range of the index instead of scanning the table (a prefix of 191 characters fits any row
 * format). Results never depend on it. Matching inside titles would need a FULLTEXT index
 * instead; prefix matching keeps to what a plain B-tree index serves.
 */
export const FIND_NOTES_INDEX_DDL = 'CREATE INDEX idx_note_title ON note (topic_constructor(191))';

/**
 * `NoteFinder.findNotes` in one statement (findNotesSelect), under the server's time limit.
 */
export async function findNotes(
  run: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
  query: string,
  { limit, readableNotebooks }: FindNotesOptions,
  { flavour, queryTimeoutMs, names = resolveNoteTable(undefined) }: { flavour: ServerFlavour; queryTimeoutMs: number; names?: ResolvedNoteTable },
): Promise<FoundNote[]> {
  if (readableNotebooks?.size === 0) return [];
  const select = findNotesSelect(MYSQL_DIALECT, names, query, { limit, ...(readableNotebooks && { readableNotebooks }) });
  // The same server-side time limit as a build's reads.
  const statement =
    flavour === 'mariadb'
      ? sql`SET STATEMENT max_statement_time = ${sql.lit(queryTimeoutMs / 1000)} FOR ${select}`
      : sql`SELECT /*+ MAX_EXECUTION_TIME(${sql.lit(queryTimeoutMs)}) */ * FROM (${select}) AS found ORDER BY CHAR_LENGTH(title), id`;
  let rows: unknown[];
  try {
    rows = await run(statement);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new StoreUnavailable(`a note search failed: ${reason}`, { cause: error });
  }
  return foundNotes(rows);
}
