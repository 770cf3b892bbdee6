import { StoreUnavailable } from '../../errors.js';
import type { SqlDialect } from '../sql/sql-dialect.js';

/** MySQL and MariaDB, as the SQL store's core reads them (see SqlDialect). */
export const MYSQL_DIALECT: SqlDialect = {
  engine: 'mysql',
  // mysql2 queues the statements of one connection itself.
  oneAtATime: false,
  unavailable: mysqlUnavailable,
};

/** The driver's first line (mysql2's messages name neither the URL nor the password). */
function mysqlUnavailable(what: string, error: unknown): StoreUnavailable {
  if (error instanceof StoreUnavailable) return error;
  const reason = error instanceof Error ? error.message : String(error);
  // A refused connection can come as an AggregateError with no message, only a code.
  const code = (error as { code?: unknown } | null)?.code;
  return new StoreUnavailable(`${what}: ${reason.split('\n')[0] || String(code ?? 'unknown error')}`, { cause: error });
}
