import { sql, type RawBuilder } from 'kysely';
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
export function withNoteTable(statement: RawBuilder<unknown>, names: ResolvedNoteTable, engine: 'mysql' | 'postgres'): RawBuilder<unknown> {
  if (isDoughnutTable(names)) return statement;
  const columns = sql.join(NOTE_FIELDS.map((field) => sql`${sql.id(names.columns[field])} AS ${sql.id(DOUGHNUT_NOTE_TABLE.columns[field])}`));
  const inline = engine === 'postgres' ? sql`NOT MATERIALIZED ` : sql``;
  // The statement may open with its own WITH, so it is read as a derived table.
  return sql`WITH note AS ${inline}(SELECT ${columns} FROM ${sql.table(names.table)}) SELECT * FROM (${statement}) AS mapped`;
}

/** `SELECT` of every mapped column from the table, answering no row: fails when a name is wrong. */
export function mappedColumnsProbe(names: ResolvedNoteTable): RawBuilder<unknown> {
  return sql`SELECT ${sql.join(NOTE_FIELDS.map((field) => sql.id(names.columns[field])))} FROM ${sql.table(names.table)} WHERE 1 = 0`;
}
