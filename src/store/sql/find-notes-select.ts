import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { uriOf } from '../../model/uri-of.js';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import { LIKE_ESCAPE, likePrefix } from './like-prefix.js';
import type { NoteField, ResolvedNoteTable } from './note-table-names.js';
import { noteTableSql } from './note-table-sql.js';
import type { SqlDialect } from './sql-dialect.js';

const FoundRowSchema = z.object({
  id: z.coerce.number().int(),
  title: z.string(),
  notebook_id: z.coerce.number().int(),
});

/**
 * `NoteFinder.findNotes` as one SELECT, for either engine: titles starting with `query` (the
 * dialect's `LIKE`, an index-friendly prefix), deleted and unreadable notes filtered in SQL,
 * shortest titles first, then by id. Each store bounds its time and reads its rows
 * ({@link foundNotes}).
 */
export function findNotesSelect(
  dialect: SqlDialect,
  names: ResolvedNoteTable,
  query: string,
  { limit, readableNotebooks }: Pick<FindNotesOptions, 'limit' | 'readableNotebooks'>,
): RawBuilder<unknown> {
  const t = noteTableSql(names);
  const column = (field: NoteField) => t.column('n', field);
  const readable = readableNotebooks ? sql`AND ${dialect.notebookIn(column('notebookId'), [...readableNotebooks])}` : sql``;
  return sql`SELECT ${column('id')} AS id, ${column('title')} AS title, ${column('notebookId')} AS notebook_id FROM ${t.table} n
    WHERE ${column('title')} ${dialect.titleLike} ${likePrefix(query)} ESCAPE ${sql.lit(LIKE_ESCAPE)} AND ${column('deletedAt')} IS NULL ${readable}
    ORDER BY CHAR_LENGTH(${column('title')}), ${column('id')} LIMIT ${limit}`;
}

/** The rows of {@link findNotesSelect} as found notes. */
export function foundNotes(rows: readonly unknown[]): FoundNote[] {
  return rows.map((row) => {
    const { id, title, notebook_id } = FoundRowSchema.parse(row);
    return { uri: uriOf(id), title, notebookId: notebook_id };
  });
}
