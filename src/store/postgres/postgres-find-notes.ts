import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { uriOf } from '../../model/uri-of.js';
import { likePrefix } from '../mysql/find-notes.js';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import { withNoteTable } from '../sql/mapped-note-table.js';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';
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
  const readable = readableNotebooks ? sql`AND notebook_id = ANY(${[...readableNotebooks]}::bigint[])` : sql``;
  const select = withNoteTable(
    sql`SELECT id, topic_constructor AS title, notebook_id FROM note
      WHERE topic_constructor ILIKE ${likePrefix(query)} ESCAPE '!' AND deleted_at IS NULL ${readable}
      ORDER BY char_length(topic_constructor), id LIMIT ${limit}`,
    names,
    'postgres',
  );
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
