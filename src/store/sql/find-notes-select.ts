import { sql } from 'kysely';
import * as z from 'zod';
import { uriOf } from '../../model/uri-of.js';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import type { NoteField, ResolvedNoteTable } from './note-table-names.js';
import { noteTableSql } from './note-table-sql.js';
import type { SqlDialect } from './sql-dialect.js';

/** `LIKE` escape character: `!` needs no escaping in SQL text, whatever the server's sql_mode. */
const LIKE_ESCAPE = '!';

/** A row of {@link findNotesSelect} as a found note. */
export const FoundRowSchema = z
  .object({ id: z.coerce.number().int(), title: z.string(), notebook_id: z.coerce.number().int() })
  .transform(({ id, title, notebook_id }): FoundNote => ({ uri: uriOf(id), title, notebookId: notebook_id }));

/** `NoteFinder.findNotes` as one SELECT: titles starting with `query` (an index-friendly prefix), shortest first, then by id. */
export function findNotesSelect(dialect: SqlDialect, names: ResolvedNoteTable, query: string, options: FindNotesOptions) {
  const { limit, readableNotebooks } = options;
  const t = noteTableSql(names);
  const column = (field: NoteField) => t.column('n', field);
  // `%`, `_` and the escape character match only themselves.
  const prefix = `${query.replace(/[!%_]/g, (char) => LIKE_ESCAPE + char)}%`;
  const readable = readableNotebooks ? sql`AND ${dialect.notebookIn(column('notebookId'), [...readableNotebooks])}` : sql``;
  return sql`SELECT ${column('id')} AS id, ${column('title')} AS title, ${column('notebookId')} AS notebook_id FROM ${t.table} n
    WHERE ${column('title')} ${dialect.titleLike} ${prefix} ESCAPE ${sql.lit(LIKE_ESCAPE)} AND ${column('deletedAt')} IS NULL ${readable}
    ORDER BY CHAR_LENGTH(${column('title')}), ${column('id')} LIMIT ${limit}`;
}
