import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

/** The PostgreSQL server tests use; CI sets it, and this machine's server is the default. */
export const POSTGRES_TEST_SERVER_URL = process.env.NOTE_CONTEXT_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresTestDatabase {
  readonly url: string;
  readonly db: Kysely<any>;
  /** The pg pool under `db` (8 connections), for stores that hold their connections themselves. */
  readonly pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A database of its own for one suite, dropped afterwards. Fails with a hint, never skips, when
 * no server answers.
 */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const name = `note_context_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Pool({ connectionString: POSTGRES_TEST_SERVER_URL, max: 1, connectionTimeoutMillis: 5_000 });
  try {
    await admin.query(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
  } catch (error) {
    await admin.end();
    throw new Error(
      `No PostgreSQL server for the database tests at ${POSTGRES_TEST_SERVER_URL} (${(error as Error).message}). ` +
        'Start one (bash scripts/ensure-postgres.sh) or set NOTE_CONTEXT_TEST_POSTGRES.',
    );
  }
  const url = POSTGRES_TEST_SERVER_URL.replace(/\/[^/?]*(\?.*)?$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => undefined);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return {
    url,
    db,
    pool,
    drop: async () => {
      await db.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Drops the suite's note tables, so the next load makes them afresh (with or without the index). */
export async function dropNoteTables(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS note`.execute(db);
  await sql`DROP SCHEMA IF EXISTS app CASCADE`.execute(db);
  await sql`CREATE SCHEMA app`.execute(db);
}
