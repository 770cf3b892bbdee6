import { sql, type RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../errors.js';
import { NOTE_FIELDS, type ResolvedNoteTable } from './note-table-names.js';

/** What a statement on a table or a column that is not there fails with, per engine. */
const MISSING = {
  /** Unknown column, no such table. */
  mysql: new Set<unknown>(['ER_BAD_FIELD_ERROR', 'ER_NO_SUCH_TABLE', 1054, 1146]),
  /** undefined_column, undefined_table, invalid_schema_name. */
  postgres: new Set<unknown>(['42703', '42P01', '3F000']),
};

/** Whether `error` says a table or column named in the statement is not there. */
export function isMissingName(error: unknown, engine: 'mysql' | 'postgres'): boolean {
  let cause: unknown = error;
  // The reader wraps the driver's error; its code is on the cause.
  for (let depth = 0; depth < 3 && cause; depth++) {
    const { code, errno } = cause as { code?: unknown; errno?: unknown };
    if (MISSING[engine].has(code) || MISSING[engine].has(errno)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Called when the statement that first read the table failed on a missing name: finds which of
 * the mapped names is not there, one probe at a time, and throws one `StoreUnavailable` naming
 * it and the option it came from. Each probe runs on its own (no transaction is open), so a
 * failed probe does not spoil the next. Throws `error` itself when every name is there after all.
 */
export async function explainMissingName(
  run: (statement: RawBuilder<unknown>) => Promise<unknown>,
  names: ResolvedNoteTable,
  engine: 'mysql' | 'postgres',
  error: unknown,
): Promise<never> {
  const fails = (statement: RawBuilder<unknown>) =>
    run(statement).then(
      () => false,
      (probeError: unknown) => {
        if (isMissingName(probeError, engine)) return true;
        throw probeError;
      },
    );
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

/**
 * Checks that the table has every mapped column, with one statement run by `run`; on a missing
 * name, one `StoreUnavailable` naming it, found by probes run by `explain` (see
 * {@link explainMissingName}).
 */
export async function checkNoteTable(
  run: (statement: RawBuilder<unknown>) => Promise<unknown>,
  names: ResolvedNoteTable,
  engine: 'mysql' | 'postgres',
  explain: (statement: RawBuilder<unknown>) => Promise<unknown> = run,
): Promise<void> {
  try {
    await run(mappedColumnsProbe(names));
  } catch (error) {
    if (!isMissingName(error, engine)) throw error;
    await explainMissingName(explain, names, engine, error);
  }
}

/** `SELECT` of every mapped column from the table, answering no row: fails when a name is wrong. */
export function mappedColumnsProbe(names: ResolvedNoteTable): RawBuilder<unknown> {
  return sql`SELECT ${sql.join(NOTE_FIELDS.map((field) => sql.id(names.columns[field])))} FROM ${sql.table(names.table)} WHERE 1 = 0`;
}
