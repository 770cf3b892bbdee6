import { SingleBar } from 'cli-progress';
import { Kysely, MysqlDialect, PostgresDialect } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import { StoreUnavailable, ValidationError } from '../errors.js';
import type { Fixture } from '../store/memory/fixture.js';
import { loadFixture } from '../store/mysql/load-fixture.js';
import { isMysqlUrl, parseMysqlUrl } from '../store/mysql/mysql-url.js';
import type { NoteDatabase } from '../store/mysql/note-table.js';
import { parsePostgresUrl } from '../store/postgres/postgres-url.js';
import type { NoteTableNames } from '../store/sql/note-table-names.js';

/** A progress bar is worth drawing only when a load takes a while. */
const LARGE_FIXTURE = 10_000;

/** Loads `fixture` into the MySQL/MariaDB or PostgreSQL database `url` names, into `names`' table (Doughnut's `note` by default). */
export async function loadIntoDatabase(url: string, fixture: Fixture, batchSize: number, names?: NoteTableNames): Promise<void> {
  const db = new Kysely<NoteDatabase>({
    dialect: isMysqlUrl(url)
      ? new MysqlDialect({ pool: createPool({ ...parseMysqlUrl(url, '--db'), connectTimeout: 5_000, charset: 'utf8mb4' }) })
      : new PostgresDialect({ pool: new pg.Pool({ ...parsePostgresUrl(url, '--db'), max: 1, connectionTimeoutMillis: 5_000 }) }),
  });
  const bar =
    fixture.notes.length >= LARGE_FIXTURE
      ? new SingleBar({ stream: process.stderr, format: 'loading notes [{bar}] {value}/{total}', noTTYOutput: true, notTTYSchedule: 2_000 })
      : undefined;
  bar?.start(fixture.notes.length, 0);
  try {
    await loadFixture(db, fixture, { batchSize, onProgress: (loaded) => bar?.update(loaded) }, names);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    // A driver's message (access denied, refused, unknown database) names user and host, never
    // the password; the CLI still redacts any URL a message quotes.
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailable(`load failed: ${reason.split('\n')[0] || (error as { code?: string }).code}`, { cause: error });
  } finally {
    bar?.stop();
    await db.destroy();
  }
}
