import type { RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../note-context-error.js';
import type { ConnectionSource, ReadConnection } from './read-connection.js';
import type { SqlDialect } from './sql-dialect.js';

/** A connection given up (see {@link drop}) when `signal` aborts or a deadline passes: a build's reader's, or a search's. */
export class GuardedConnection {
  /** Set once the connection is given up: why every pending and later statement fails. */
  dropped: { readonly reason: unknown } | undefined;
  private readonly pending = new Set<(reason: unknown) => void>();
  /** The last statement sent, when statements go one at a time. */
  private last: Promise<unknown> = Promise.resolve();
  private readonly onAbort = () => this.drop(this.signal!.reason);

  private constructor(private readonly connection: ReadConnection, private readonly dialect: SqlDialect, private readonly signal: AbortSignal | undefined) {
    if (signal?.aborted) this.drop(signal.reason);
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** A connection from `source`, or `signal.reason` as soon as it aborts, even while the pool has none: one that comes later goes back. */
  static async acquire(source: ConnectionSource, dialect: SqlDialect, signal: AbortSignal | undefined): Promise<GuardedConnection> {
    signal?.throwIfAborted();
    const acquired = source.acquire().catch((error: unknown) => {
      throw dialect.unavailable('cannot reach the database', error);
    });
    if (!signal) return new GuardedConnection(await acquired, dialect, signal);
    const connection = await new Promise<ReadConnection>((resolve, reject) => {
      const onAbort = () => {
        reject(signal.reason);
        acquired.then((late) => late.release(), () => undefined);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      acquired.finally(() => signal.removeEventListener('abort', onAbort)).then(resolve, reject);
    });
    return new GuardedConnection(connection, dialect, signal);
  }

  /** Gives the connection up with `StoreUnavailable` unless the function returned is called within `limitMs`. */
  deadline(limitMs: number, what: string): () => void {
    const timer = setTimeout(() => this.drop(new StoreUnavailable(`${what}: no answer from the database within ${limitMs} ms`)), limitMs);
    return () => clearTimeout(timer);
  }

  /** One statement under a deadline of its own, failing as `dialect.unavailable` says, or with the drop's reason. */
  run(statement: RawBuilder<unknown>, what: string, limitMs: number): Promise<unknown[]> {
    return this.send(statement, (error) => this.dialect.unavailable(what, error)).finally(this.deadline(limitMs, what));
  }

  /** One statement, failing with the drop's reason when the connection is given up first, else with `failure` of the driver's error. */
  send(statement: RawBuilder<unknown>, failure: (error: unknown) => unknown = (error) => error): Promise<unknown[]> {
    if (this.dropped) return Promise.reject(this.dropped.reason);
    return new Promise((resolve, reject) => {
      this.pending.add(reject);
      const sending = this.dialect.oneAtATime ? this.last.then(() => this.connection.run(statement)) : this.connection.run(statement);
      if (this.dialect.oneAtATime) this.last = sending.catch(() => {});
      sending.finally(() => this.pending.delete(reject)).then(resolve, (error: unknown) => reject(failure(error)));
    });
  }

  /** An abort no longer gives the connection up. */
  ignoreAbort(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  /** Gives the connection back for the next build or search, unless it was given up. */
  release(): void {
    this.ignoreAbort();
    if (!this.dropped) this.connection.release();
  }

  /** Destroys the connection; every pending and later statement fails with `reason`. */
  drop(reason: unknown): void {
    if (this.dropped) return;
    this.dropped = { reason };
    this.ignoreAbort();
    this.connection.destroy();
    for (const fail of [...this.pending]) fail(reason);
  }
}
