import { Kysely, MysqlDialect, sql } from 'kysely';
import { createPool, type Pool } from 'mysql2';
import { parseMysqlUrl } from '../../src/store/mysql/parse-mysql-url.js';
import type { NoteDatabase } from '../../src/store/mysql/note-table.js';

/** The server tests use; CI sets it, and this machine's MariaDB is the default. */
export const TEST_SERVER_URL = process.env.NOTE_CONTEXT_TEST_DB ?? 'mysql://root@127.0.0.1:3306/test';

export interface TestDatabase {
  readonly url: string;
  readonly db: Kysely<NoteDatabase>;
  /** The mysql2 pool under `db` (8 connections), for stores that hold their connections themselves. */
  readonly pool: Pool;
  drop(): Promise<void>;
}

/**
 * A database of its own for one suite, dropped afterwards. Fails with a hint, never skips, when
 * no server answers: the database tests are part of the contract.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const settings = parseMysqlUrl(TEST_SERVER_URL);
  const name = `note_context_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Kysely<unknown>({
    dialect: new MysqlDialect({ pool: createPool({ ...settings, connectionLimit: 1, connectTimeout: 5_000 }) }),
  });
  try {
    await sql.raw(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`).execute(admin);
  } catch (error) {
    await admin.destroy();
    throw new Error(
      `No MariaDB/MySQL server for the database tests at ${TEST_SERVER_URL} (${(error as Error).message}). ` +
        'Start one (bash scripts/ensure-mysql.sh) or set NOTE_CONTEXT_TEST_DB.',
    );
  }
  const url = TEST_SERVER_URL.replace(/\/[^/]*$/, `/${name}`);
  const pool = createPool({ ...settings, database: name, connectionLimit: 8, charset: 'utf8mb4', supportBigNumbers: true });
  const db = new Kysely<NoteDatabase>({ dialect: new MysqlDialect({ pool }) });
  return {
    url,
    db,
    pool,
    drop: async () => {
      await db.destroy();
      await sql.raw(`DROP DATABASE IF EXISTS ${name}`).execute(admin);
      await admin.destroy();
    },
  };
}
