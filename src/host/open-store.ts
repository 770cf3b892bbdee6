import { ValidationError } from '../note-context-error.js';
import { sampleNotebookPath } from '../sample-notebook-path.js';
import { MemoryNoteStore } from '../store/memory/memory-note-store.js';
import { readFixtureFile } from '../store/memory/fixture.js';
import { isMysqlUrl, MYSQL_URL_FORM, parseMysqlUrl } from '../store/mysql/parse-mysql-url.js';
import { isPostgresUrl, POSTGRES_URL_FORM } from '../store/postgres/postgres-url-form.js';
import { parseColumnsFlag, resolveNoteTable, type NoteTableNames } from '../store/sql/note-table-names.js';
import type { NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';

export interface OpenedStore {
  readonly store: NoteStore & NoteFinder;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** What messages call a setting (`db`, `table`, `columns`): its flag, or the environment variable it came from. */
  readonly fieldOf: (key: 'db' | 'table' | 'columns') => string;
  readonly poolSize?: number;
  readonly table?: string;
  readonly columns?: string;
}

/** `--db`, `--table` and `--columns` checked before anything is read; the table names as the SQL stores take them (none for a fixture file). */
export async function checkedTableNames(db: string | undefined, { table, columns, fieldOf }: OpenStoreOptions): Promise<NoteTableNames | undefined> {
  // A `--db` that starts like another URL (`C:` is a drive) is refused, not read as a file whose error would quote its password.
  if (isMysqlUrl(db)) parseMysqlUrl(db, fieldOf('db'));
  else if (isPostgresUrl(db)) (await import('../store/postgres/parse-postgres-url.js')).parsePostgresUrl(db, fieldOf('db'));
  else if (db !== undefined && /^[a-z][a-z0-9+.-]+:/i.test(db)) {
    throw new ValidationError(fieldOf('db'), `expected a fixture file, a mysql:// URL (${MYSQL_URL_FORM}) or a postgres:// URL (${POSTGRES_URL_FORM})`);
  }
  if (table === undefined && columns === undefined) return undefined;
  if (!isMysqlUrl(db) && !isPostgresUrl(db)) {
    throw new ValidationError(fieldOf(table === undefined ? 'columns' : 'table'), `only with a mysql:// or postgres:// ${fieldOf('db')}`);
  }
  const names: NoteTableNames = { ...(table !== undefined && { table }), ...(columns !== undefined && { columns: parseColumnsFlag(columns, fieldOf('columns')) }) };
  try {
    resolveNoteTable(names);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(fieldOf(error.field.startsWith('columns') ? 'columns' : 'table'), error.message.replace(/^[^:]*: /, ''));
  }
  return names;
}

/** A fixture file path (default: the sample notebook), or a `mysql://` or `postgres://` URL (connected on first use). */
export async function openStore(db: string | undefined, options: OpenStoreOptions): Promise<OpenedStore> {
  const names = await checkedTableNames(db, options);
  const sqlOptions = { ...(options.poolSize !== undefined && { poolSize: options.poolSize }), ...names };
  if (isMysqlUrl(db) || isPostgresUrl(db)) {
    // Loaded only for a database: mysql2 is a large part of the CLI's start-up.
    const store = isMysqlUrl(db)
      ? (await import('../store/mysql/mysql-note-store.js')).MysqlNoteStore.fromUrl(db, sqlOptions)
      : (await import('../store/postgres/postgres-note-store.js')).PostgresNoteStore.fromUrl(db, sqlOptions);
    return { store, close: () => store.destroy() };
  }
  const path = db ?? sampleNotebookPath;
  const fixture = await readFixtureFile(path).catch((error: unknown) => {
    // A file that cannot be read or is no JSON is a bad `--db`; a bad note names its own path.
    throw error instanceof ValidationError && error.field === path ? new ValidationError(options.fieldOf('db'), error.message) : error;
  });
  return { store: new MemoryNoteStore(fixture), close: async () => {} };
}
