import { PostgresDialect } from 'kysely';
import pg from 'pg';

/** The Kysely dialect `note-context load` writes to PostgreSQL through: a pg pool of one connection. */
export function postgresLoadDialect(settings: pg.PoolConfig): PostgresDialect {
  return new PostgresDialect({ pool: new pg.Pool({ ...settings, max: 1, connectionTimeoutMillis: 5_000 }) });
}
