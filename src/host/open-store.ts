import { ValidationError } from '../errors.js';
import { sampleNotebookPath } from '../sample-notebook-path.js';
import { MemoryNoteStore } from '../store/memory/memory-note-store.js';
import { readFixtureFile } from '../store/memory/fixture.js';
import { isMysqlUrl, MYSQL_URL_FORM, parseMysqlUrl } from '../store/mysql/mysql-url.js';
import type { NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';

/** The sample notebook shipped with the package, used when no `--db` is given. */
export const SAMPLE_NOTEBOOK = sampleNotebookPath;

export interface OpenedStore {
  readonly store: NoteStore & NoteFinder;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** What messages call the setting: `--db` (default), or the environment variable it came from. */
  readonly field?: string;
  /** MySQL connections (see `MysqlStoreOptions`). */
  readonly poolSize?: number;
}

/**
 * Checks a `--db` value before anything is read: a `mysql://` URL must parse, and text that starts
 * like another URL (`postgres://…`, `mysql:/…`) is refused rather than read as a file path, so
 * that its password is never quoted back in a "no such file" message. A one-letter "scheme" is a
 * Windows drive.
 */
export function checkDb(db: string | undefined, field = '--db'): void {
  if (isMysqlUrl(db)) parseMysqlUrl(db, field);
  else if (db !== undefined && /^[a-z][a-z0-9+.-]+:/i.test(db)) {
    throw new ValidationError(field, `expected a fixture file or a mysql:// URL (${MYSQL_URL_FORM})`);
  }
}

/**
 * A fixture file path (default: the sample notebook), or a `mysql://` URL. A MySQL store connects
 * on first use, so a database that is down makes builds fail, not the opening.
 */
export async function openStore(db: string | undefined, options: OpenStoreOptions = {}): Promise<OpenedStore> {
  const field = options.field ?? '--db';
  checkDb(db, field);
  if (isMysqlUrl(db)) {
    // Loaded only for a database: mysql2 is a large part of the CLI's start-up.
    const { MysqlNoteStore } = await import('../store/mysql/mysql-note-store.js');
    const store = MysqlNoteStore.fromUrl(db, options.poolSize === undefined ? {} : { poolSize: options.poolSize });
    return { store, close: () => store.destroy() };
  }
  const path = db ?? SAMPLE_NOTEBOOK;
  const fixture = await readFixtureFile(path).catch((error: unknown) => {
    // A file that cannot be read or is no JSON is a bad `--db`; a bad note names its own path.
    throw error instanceof ValidationError && error.field === path ? new ValidationError(field, error.message) : error;
  });
  return { store: new MemoryNoteStore(fixture), close: async () => {} };
}
