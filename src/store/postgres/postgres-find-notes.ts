import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { uriOf } from '../../model/uri-of.js';
import { LIKE_ESCAPE, likePrefix } from '../sql/like-prefix.js';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import type { NoteField, ResolvedNoteTable } from '../sql/note-table-names.js';
import { noteTableSql } from '../sql/note-table-sql.js';
import { postgresUnavailable } from './postgres-unavailable.js';

const FoundRowSchema = z.object({
  id: z.coerce.number().int(),
  title: z.string(),
  notebook_id: z.coerce.number().int(),
});

/**
 * `NoteFinder.findNotes` in one statement: titles starting with `query` whatever the case
 * (`ILIKE`; unlike MySQL's `_ci` collations it does not ignore accents), deleted and unreadable
 * notes filtered in SQL, shortest titles first, then by id; bounded by `statement_timeout`.
 */
export async function postgresFindNotes(
  run: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
  query: string,
  { limit, readableNotebooks }: FindNotesOptions,
  { names, queryTimeoutMs }: { names: ResolvedNoteTable; queryTimeoutMs: number },
): Promise<FoundNote[]> {
  if (readableNotebooks?.size === 0) return [];
  const t = noteTableSql(names);
  const column = (field: NoteField) => t.column('n', field);
  const readable = readableNotebooks ? sql`AND ${column('notebookId')} = ANY(${[...readableNotebooks]}::bigint[])` : sql``;
  const select = sql`SELECT ${column('id')} AS id, ${column('title')} AS title, ${column('notebookId')} AS notebook_id FROM ${t.table} n
    WHERE ${column('title')} ILIKE ${likePrefix(query)} ESCAPE ${sql.lit(LIKE_ESCAPE)} AND ${column('deletedAt')} IS NULL ${readable}
    ORDER BY char_length(${column('title')}), ${column('id')} LIMIT ${limit}`;
  let rows: unknown[];
  try {
    // The time limit holds in a transaction of its own, ended whatever the search did.
    rows = await run(sql`BEGIN READ ONLY; SET LOCAL statement_timeout = ${sql.lit(queryTimeoutMs)}`)
      .then(() => run(select))
      .finally(() => run(sql`ROLLBACK`).catch(() => undefined));
  } catch (error) {
    throw postgresUnavailable('a note search failed', error);
  }
  return rows.map((row) => {
    const { id, title, notebook_id } = FoundRowSchema.parse(row);
    return { uri: uriOf(id), title, notebookId: notebook_id };
  });
}
