import { SingleBar } from 'cli-progress';
import { Kysely, MysqlDialect, PostgresDialect } from 'kysely';
import { StoreUnavailable, ValidationError } from '../note-context-error.js';
import type { Fixture } from '../store/memory/fixture.js';
import { loadFixture } from '../store/mysql/load-fixture.js';
import { isMysqlUrl, parseMysqlUrl } from '../store/mysql/parse-mysql-url.js';
import type { NoteDatabase } from '../store/mysql/note-table.js';
import type { NoteTableNames } from '../store/sql/note-table-names.js';

/** A progress bar is worth drawing only when a load takes a while. */
const LARGE_FIXTURE = 10_000;

/** PostgreSQL's SQLSTATE for a database that does not exist (`invalid_catalog_name`). */
const UNDEFINED_DATABASE = '3D000';

/** Loads `fixture` into the MySQL/MariaDB or PostgreSQL database `url` names, into `names`' table (default: Doughnut's `note`). */
export async function loadIntoDatabase(url: string, fixture: Fixture, batchSize: number, names?: NoteTableNames, field = '--db'): Promise<void> {
  const target = isMysqlUrl(url)
    ? ({ engine: 'mysql', settings: parseMysqlUrl(url, field) } as const)
    : ({ engine: 'postgres', settings: (await import('../store/postgres/parse-postgres-url.js')).parsePostgresUrl(url, field) } as const);
  // Only the database's own driver is loaded: a MySQL load never loads pg, nor a PostgreSQL one mysql2.
  const dialect =
    target.engine === 'mysql'
      ? new MysqlDialect({ pool: (await import('mysql2')).createPool({ ...target.settings, connectTimeout: 5_000, charset: 'utf8mb4' }) })
      : new PostgresDialect({ pool: new (await import('pg')).default.Pool({ ...target.settings, max: 1, connectionTimeoutMillis: 5_000 }) });
  const db = new Kysely<NoteDatabase>({ dialect });
  const bar = fixture.notes.length >= LARGE_FIXTURE ? new SingleBar({ stream: process.stderr, format: 'loading notes [{bar}] {value}/{total}', noTTYOutput: true, notTTYSchedule: 2_000 }) : undefined;
  bar?.start(fixture.notes.length, 0);
  try {
    await loadFixture(db, fixture, { batchSize, onProgress: (loaded) => bar?.update(loaded) }, names);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    // A driver's message names user and host, never the password; the CLI still redacts any URL it quotes.
    const code = (error as { code?: unknown }).code;
    if (code === 'ER_BAD_DB_ERROR' || code === UNDEFINED_DATABASE) {
      const database = target.settings.database;
      const create = target.engine === 'mysql' ? `mysql -e 'CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4'` : `psql -c 'CREATE DATABASE "${database}"'`;
      throw new StoreUnavailable(`load failed: database ${database} does not exist; create it first, e.g. ${create}`, { cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailable(`load failed: ${reason.split('\n')[0] || code}`, { cause: error });
  } finally {
    bar?.stop();
    await db.destroy();
  }
}
