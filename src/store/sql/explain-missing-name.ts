import { sql, type RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../note-context-error.js';
import { NOTE_FIELDS, type ResolvedNoteTable } from './note-table-names.js';
import type { RunStatement } from './read-connection.js';

/** What a statement on a table or a column that is not there fails with, per engine. */
const MISSING = {
  mysql: new Set<unknown>(['ER_BAD_FIELD_ERROR', 'ER_NO_SUCH_TABLE', 1054, 1146]),
  postgres: new Set<unknown>(['42703', '42P01', '3F000']), // undefined_column, undefined_table, invalid_schema_name
};

/** `error`, unless a table or column is not there: then a `StoreUnavailable` naming it and its option, found by probes. */
export async function explainMissingName(run: RunStatement, names: ResolvedNoteTable, engine: 'mysql' | 'postgres', error: unknown): Promise<never> {
  if (!isMissingName(error, engine)) throw error;
  const fails = (statement: RawBuilder<unknown>) =>
    run(statement).then(() => false, (probeError: unknown) => {
      if (isMissingName(probeError, engine)) return true;
      throw probeError;
    });
  if (await fails(sql`SELECT 1 FROM ${sql.table(names.table)} WHERE 1 = 0`)) {
    throw new StoreUnavailable(`the notes table "${names.table}" (option table) is not there`, { cause: error });
  }
  for (const field of NOTE_FIELDS) {
    const column = names.columns[field];
    if (await fails(sql`SELECT ${sql.id(column)} FROM ${sql.table(names.table)} WHERE 1 = 0`)) {
      throw new StoreUnavailable(`the notes table "${names.table}" has no column "${column}" (option columns.${field})`, { cause: error });
    }
  }
  throw error;
}

/** `SELECT` of every mapped column from the table, answering no row: fails when a name is wrong. */
export function mappedColumnsProbe(names: ResolvedNoteTable): RawBuilder<unknown> {
  return sql`SELECT ${sql.join(NOTE_FIELDS.map((field) => sql.id(names.columns[field])))} FROM ${sql.table(names.table)} WHERE 1 = 0`;
}

function isMissingName(error: unknown, engine: 'mysql' | 'postgres', depth = 0): boolean {
  if (!error || depth === 3) return false;
  const { code, errno, cause } = error as { code?: unknown; errno?: unknown; cause?: unknown };
  // The reader wraps the driver's error; its code is on the cause.
  return MISSING[engine].has(code) || MISSING[engine].has(errno) || isMissingName(cause, engine, depth + 1);
}
