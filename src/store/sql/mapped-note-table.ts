import { sql, type Expression, type RawBuilder } from 'kysely';
import { DOUGHNUT_NOTE_TABLE, isDoughnutTable, NOTE_FIELDS, type ResolvedNoteTable } from './note-table-names.js';

/**
 * `statement`, written against Doughnut's `note` table and column names, run against a host's
 * own table: a common table expression named `note` selects the host's columns under Doughnut's
 * names, and the statement reads it in place of the table. Both engines merge such a plain
 * projection into the statement that reads it (PostgreSQL is told to, `NOT MATERIALIZED`), so
 * the host's indexes serve it as they would the table. With Doughnut's own names the statement is
 * left as it is.
 *
 * Every name is quoted by Kysely (`sql.table` splits `schema.table`; `sql.id` quotes a column
 * whole), never spliced in as text.
 */
export function withNoteTable<S extends Expression<unknown>>(statement: S, names: ResolvedNoteTable, engine: 'mysql' | 'postgres'): S | RawBuilder<unknown> {
  const definition = noteTableDefinition(names, engine);
  // The statement may open with its own WITH, so it is read as a derived table. PostgreSQL
  // sees an outer WITH inside it; MariaDB does not once it has its own: a MySQL statement with a
  // WITH takes the definition among its own (see batchQuery).
  return definition ? sql`WITH ${definition} SELECT * FROM (${statement}) AS mapped` : statement;
}

/**
 * `note AS (SELECT <host's columns> AS <Doughnut's> FROM <host's table>)`, the common table
 * expression {@link withNoteTable} puts in place of the table; `undefined` for Doughnut's own names.
 * On MySQL a table itself named `note` (with other column names) must be written with its
 * database (`app.note`): under WITH RECURSIVE the name would otherwise mean the expression itself.
 */
export function noteTableDefinition(names: ResolvedNoteTable, engine: 'mysql' | 'postgres' = 'mysql'): RawBuilder<unknown> | undefined {
  if (isDoughnutTable(names)) return undefined;
  const columns = sql.join(NOTE_FIELDS.map((field) => sql`${sql.id(names.columns[field])} AS ${sql.id(DOUGHNUT_NOTE_TABLE.columns[field])}`));
  const inline = engine === 'postgres' ? sql`NOT MATERIALIZED ` : sql``;
  return sql`note AS ${inline}(SELECT ${columns} FROM ${sql.table(names.table)})`;
}

/** `SELECT` of every mapped column from the table, answering no row: fails when a name is wrong. */
export function mappedColumnsProbe(names: ResolvedNoteTable): RawBuilder<unknown> {
  return sql`SELECT ${sql.join(NOTE_FIELDS.map((field) => sql.id(names.columns[field])))} FROM ${sql.table(names.table)} WHERE 1 = 0`;
}
