import { promisify } from 'node:util';
import { offlineCompiler } from '../sql/offline-compiler.js';
import type { ConnectionSource, ReadConnection } from '../sql/read-connection.js';

/** The few methods of a mysql2 pool the store uses: a host passes the pool it has (mysql2's `Pool` fits). */
export interface MysqlReadPool {
  getConnection(callback: (error: unknown, connection: MysqlPooledConnection) => void): void;
  end(callback: (error?: unknown) => void): void;
}

export interface MysqlPooledConnection {
  query(options: string | { sql: string; supportBigNumbers?: boolean }, values: unknown[], callback: (error: unknown, result: unknown) => void): unknown;
  /** The settings the connection was made with (mysql2 gives them). */
  readonly config?: { readonly supportBigNumbers?: boolean };
  release(): void;
  /** Closes the socket and takes the connection out of the pool. */
  destroy(): void;
}

const compiler = offlineCompiler('mysql');

/** Connections straight from a mysql2 pool: `destroy` closes one, and the pool opens a fresh one later. */
export function mysqlPoolSource(pool: MysqlReadPool): ConnectionSource {
  return {
    acquire: () => promisify(pool.getConnection.bind(pool))().then(pooledReadConnection),
    end: promisify(pool.end.bind(pool)),
  };
}

function pooledReadConnection(connection: MysqlPooledConnection): ReadConnection {
  // An unsafe BIGINT comes back as an exact string; asked per statement only if the connection does not already.
  const exact = connection.config?.supportBigNumbers === true ? (text: string) => text : (text: string) => ({ sql: text, supportBigNumbers: true });
  const query = promisify(connection.query.bind(connection));
  return {
    run: (statement) => {
      const { sql: text, parameters } = statement.compile(compiler);
      return query(exact(text), [...parameters]).then((result) => (Array.isArray(result) ? result : []));
    },
    release: () => connection.release(),
    destroy: () => connection.destroy(),
  };
}
