import { sql } from 'kysely';
import type { NoteField, ResolvedNoteTable } from './note-table-names.js';

/** The host's notes table and columns as statements name them, quoted by Kysely, never spliced in as text. */
export type NoteTableSql = ReturnType<typeof noteTableSql>;

export function noteTableSql(names: ResolvedNoteTable) {
  const bare = names.table.split('.').at(-1)!.toLowerCase();
  return {
    /** The table, `schema.table` when the host named one. */
    table: sql.table(names.table),
    /** The column of `field` on the table read as `alias`: `alias`.`column`. */
    column: (alias: string, field: NoteField) => sql.id(alias, names.columns[field]),
    /** The name of a common table expression, `name` unless the host's table is called that (in any case); else `name_cte`. */
    expression: (name: string) => sql.id(bare === name.toLowerCase() ? `${name}_cte` : name),
  };
}
