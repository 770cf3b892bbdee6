/**
 * What differs between the SQL engines, for the SQL store's shared core (src/store/sql/): each
 * engine implements it once, in its own folder (mysql/mysql-dialect.ts,
 * postgres/postgres-dialect.ts). Everything else about reading notes is written once.
 */
export interface SqlDialect {
  /** The engine, as the error codes of a missing table or column are told apart. */
  readonly engine: 'mysql' | 'postgres';
  /**
   * Whether a connection's statement waits until the one before it is answered: the driver does
   * not queue them itself (pg still does, deprecated; mysql2 does).
   */
  readonly oneAtATime: boolean;
  /** A failed statement or connection as the error a build or search fails with: one line, never an address or a secret. */
  unavailable(what: string, error: unknown): Error;
}
