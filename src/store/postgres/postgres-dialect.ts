import type { SqlDialect } from '../sql/sql-dialect.js';
import { postgresUnavailable } from './postgres-unavailable.js';

/** PostgreSQL, as the SQL store's core reads it (see SqlDialect). */
export const POSTGRES_DIALECT: SqlDialect = {
  engine: 'postgres',
  // pg queues a statement sent meanwhile itself, but that is deprecated and goes in pg 9.
  oneAtATime: true,
  unavailable: postgresUnavailable,
};
