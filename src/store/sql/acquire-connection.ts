import type { ConnectionSource, ReadConnection } from './read-connection.js';
import type { SqlDialect } from './sql-dialect.js';

/** A connection from `source`, or `signal.reason` as soon as it aborts, even while the pool has none: one that comes later goes back. */
export async function acquireConnection(source: ConnectionSource, dialect: SqlDialect, signal: AbortSignal | undefined): Promise<ReadConnection> {
  signal?.throwIfAborted();
  const acquired = source.acquire().catch((error: unknown) => {
    throw dialect.unavailable('cannot reach the database', error);
  });
  if (!signal) return acquired;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      acquired.then((late) => late.release(), () => undefined);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    acquired.finally(() => signal.removeEventListener('abort', onAbort)).then(resolve, reject);
  });
}
