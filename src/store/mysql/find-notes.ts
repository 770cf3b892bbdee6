import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { StoreUnavailable } from '../../errors.js';
import { uriOf } from '../../model/uri-of.js';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import { MOST_READABLE_NOTEBOOKS_INLINE } from '../sql/most-readable-notebooks-inline.js';
import type { ServerFlavour } from './server-flavour.js';
import { resolveNoteTable, type NoteField, type ResolvedNoteTable } from '../sql/note-table-names.js';
import { noteTableSql } from '../sql/note-table-sql.js';
import { LIKE_ESCAPE, likePrefix } from '../sql/like-prefix.js';

/**
 * Recommended, not required, for `findNotes` on a large notebook: lets `LIKE 'prefix%'` read a
 * range of the index instead of scanning the table (a prefix of 191 characters fits any row
 * format). Results never depend on it. Matching inside titles would need a FULLTEXT index
 * instead; prefix matching keeps to what a plain B-tree index serves.
 */
export const FIND_NOTES_INDEX_DDL = 'CREATE INDEX idx_note_title ON note (topic_constructor(191))';

const FoundRowSchema = z.object({
  id: z.coerce.number().int(),
  title: z.string(),
  notebook_id: z.coerce.number().int(),
});

/**
 * `NoteFinder.findNotes` in one statement: a prefix `LIKE` on the title (index-friendly),
 * deleted and unreadable notes filtered in SQL, shortest titles first, then by id.
 */
export async function findNotes(
  run: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
  query: string,
  { limit, readableNotebooks }: FindNotesOptions,
  { flavour, queryTimeoutMs, names = resolveNoteTable(undefined) }: { flavour: ServerFlavour; queryTimeoutMs: number; names?: ResolvedNoteTable },
): Promise<FoundNote[]> {
  if (readableNotebooks?.size === 0) return [];
  const t = noteTableSql(names);
  const column = (field: NoteField) => t.column('n', field);
  const readable =
    readableNotebooks === undefined
      ? sql``
      : readableNotebooks.size <= MOST_READABLE_NOTEBOOKS_INLINE
        ? sql`AND ${column('notebookId')} IN (${sql.join([...readableNotebooks])})`
        : sql`AND ${column('notebookId')} IN (SELECT j.id FROM JSON_TABLE(${JSON.stringify([...readableNotebooks])}, '$[*]' COLUMNS (id BIGINT PATH '$')) AS j)`;
  const select = sql`SELECT ${column('id')} AS id, ${column('title')} AS title, ${column('notebookId')} AS notebook_id FROM ${t.table} n
    WHERE ${column('title')} LIKE ${likePrefix(query)} ESCAPE ${sql.lit(LIKE_ESCAPE)} AND ${column('deletedAt')} IS NULL ${readable}
    ORDER BY CHAR_LENGTH(${column('title')}), ${column('id')} LIMIT ${limit}`;
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
  return rows.map((row) => {
    const { id, title, notebook_id } = FoundRowSchema.parse(row);
    return { uri: uriOf(id), title, notebookId: notebook_id };
  });
}
