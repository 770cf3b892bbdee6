import { MysqlDialect } from 'kysely';
import { createPool } from 'mysql2';
import type { MysqlConnectionSettings } from '../store/mysql/parse-mysql-url.js';

/** The Kysely dialect `note-context load` writes to MySQL/MariaDB through: one mysql2 pool, utf8mb4. */
export function mysqlLoadDialect(settings: MysqlConnectionSettings): MysqlDialect {
  return new MysqlDialect({ pool: createPool({ ...settings, connectTimeout: 5_000, charset: 'utf8mb4' }) });
}
