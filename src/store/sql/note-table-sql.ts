import { sql, type RawBuilder } from 'kysely';
import type { NoteField, ResolvedNoteTable } from './note-table-names.js';

/**
 * The host's notes table as the statements name it: the table and each field's column under the
 * host's own names, quoted by Kysely (`sql.table` splits `schema.table`, `sql.id` quotes each
 * part), never spliced in as text. Statements read the table itself, so its indexes serve them
 * as written.
 */
export interface NoteTableSql {
  /** The table, `schema.table` when the host named one. */
  readonly table: RawBuilder<unknown>;
  /** The column of `field` on the table read as `alias`: `alias`.`column`. */
  column(alias: string, field: NoteField): RawBuilder<unknown>;
  /**
   * The name of a common table expression the statement defines, `name` unless the host's table
   * is itself called that (case aside: MariaDB compares such names without it). A table named
   * as an expression of the same statement would be read as the expression.
   */
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
