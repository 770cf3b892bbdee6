// How a PostgreSQL URL looks, apart from its parser, so a command need not load pg-connection-string.

/** How a PostgreSQL URL is written, as messages and help show it. */
export const POSTGRES_URL_FORM = 'postgres://user:pass@host:port/db';

/** Whether a `--db` value (or the variable it came from) names a PostgreSQL database. */
export function isPostgresUrl(db: string | undefined): db is string {
  return db !== undefined && /^postgres(ql)?:\/\//i.test(db);
}
