import { sql, type RawBuilder } from 'kysely';
import type { NoteField, ResolvedNoteTable } from './note-table-names.js';

/** The host's notes table and columns as statements name them, quoted by Kysely, never spliced in as text. */
export interface NoteTableSql {
  /** The table, `schema.table` when the host named one. */
  readonly table: RawBuilder<unknown>;
  /** The column of `field` on the table read as `alias`: `alias`.`column`. */
  column(alias: string, field: NoteField): RawBuilder<unknown>;
  /** The name of a common table expression, `name` unless the host's table is called that (in any case). */
  expression(name: string): RawBuilder<unknown>;
}

export function noteTableSql(names: ResolvedNoteTable): NoteTableSql {
  const bare = names.table.split('.').at(-1)!.toLowerCase();
  return {
    table: sql.table(names.table),
    column: (alias, field) => sql.id(alias, names.columns[field]),
    // `name_cte` differs from the table's name, which is `name`.
    expression: (name) => sql.id(bare === name.toLowerCase() ? `${name}_cte` : name),
  };
}
