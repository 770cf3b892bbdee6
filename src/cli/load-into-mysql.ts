import { SingleBar } from 'cli-progress';
import { Kysely, MysqlDialect } from 'kysely';
import { createPool } from 'mysql2';
import { StoreUnavailable, ValidationError } from '../errors.js';
import type { Fixture } from '../store/memory/fixture.js';
import { loadFixture } from '../store/mysql/load-fixture.js';
import { parseMysqlUrl } from '../store/mysql/mysql-url.js';
import type { NoteDatabase } from '../store/mysql/note-table.js';

/** A progress bar is worth drawing only when a load takes a while. */
const LARGE_FIXTURE = 10_000;

export async function loadIntoMysql(url: string, fixture: Fixture, batchSize: number, field = '--db'): Promise<void> {
  const settings = parseMysqlUrl(url, field);
  const db = new Kysely<NoteDatabase>({
    dialect: new MysqlDialect({ pool: createPool({ ...settings, connectTimeout: 5_000, charset: 'utf8mb4' }) }),
  });
  const bar =
    fixture.notes.length >= LARGE_FIXTURE
      ? new SingleBar({ stream: process.stderr, format: 'loading notes [{bar}] {value}/{total}', noTTYOutput: true, notTTYSchedule: 2_000 })
      : undefined;
  bar?.start(fixture.notes.length, 0);
  try {
    await loadFixture(db, fixture, { batchSize, onProgress: (loaded) => bar?.update(loaded) });
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    // A driver's message (access denied, refused, unknown database) names user and host, never
    // the password; the CLI still redacts any URL a message quotes.
    if ((error as { code?: unknown }).code === 'ER_BAD_DB_ERROR') {
      throw new StoreUnavailable(
        `load failed: database ${settings.database} does not exist; create it first, e.g. mysql -e 'CREATE DATABASE \`${settings.database}\` CHARACTER SET utf8mb4'`,
        { cause: error },
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailable(`load failed: ${reason.split('\n')[0] || (error as { code?: string }).code}`, { cause: error });
  } finally {
    bar?.stop();
    await db.destroy();
  }
}
