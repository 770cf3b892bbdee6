import type { RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../errors.js';
import type { ConnectionSource } from './read-connection.js';
import type { SqlDialect } from './sql-dialect.js';
import { untilAborted } from './until-aborted.js';

/**
 * What both SQL stores do with their connections, whatever the engine: lend them to readers and
 * wait for the readers' ends, and hold one for a title search under a client deadline.
 */
export class SqlStoreCore {
  /** Readers' rollbacks not yet answered: each holds its connection until then. */
  private readonly ending = new Set<Promise<void>>();

  constructor(
    readonly source: ConnectionSource,
    private readonly dialect: SqlDialect,
    /** How long a search's statement may go unanswered before its connection is given up. */
    private readonly limitMs: number,
  ) {}

  /** Told the end of a closed reader's work on its connection. */
  readonly track = (ending: Promise<void>): void => {
    this.ending.add(ending);
    void ending.then(() => this.ending.delete(ending));
  };

  /** Resolves once every reader closed so far has given its connection back, or destroyed it. */
  async idle(): Promise<void> {
    while (this.ending.size > 0) await Promise.all(this.ending);
  }

  /** Waits until {@link idle}, then closes the pool when `owned`. */
  async destroy(owned: boolean): Promise<void> {
    await this.idle();
    if (owned) await this.source.end();
  }

  /**
   * `work` on a pooled connection. It does not rely on the server's time limit alone: without an
   * answer within the limit, or once `signal` aborts, the connection is destroyed (the pool opens
   * a fresh one) and the search fails with that reason, so a connection that stopped answering
   * never holds a caller, a service's slot or the pool for good.
   */
  async search<T>(signal: AbortSignal | undefined, work: (run: (statement: RawBuilder<unknown>) => Promise<unknown[]>) => Promise<T>): Promise<T> {
    signal?.throwIfAborted();
    const acquired = this.source.acquire().catch((error: unknown) => {
      throw this.dialect.unavailable('cannot reach the database', error);
    });
    const connection = await untilAborted(acquired, signal, (late) => late.release());
    const limit = this.limitMs;
    let given: { reason: unknown } | undefined;
    let giveUp!: (reason: unknown) => void;
    const givenUp = new Promise<never>((_resolve, reject) => {
      giveUp = (reason) => {
        if (given) return;
        given = { reason };
        connection.destroy();
        reject(reason);
      };
    });
    givenUp.catch(() => undefined);
    const timer = setTimeout(() => giveUp(new StoreUnavailable(`a note search failed: no answer from the database within ${limit} ms`)), limit);
    const onAbort = () => giveUp(signal?.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await work((statement) => Promise.race([connection.run(statement), givenUp]));
    } catch (error) {
      // The reason the connection was given up for, not the driver's "connection destroyed".
      throw given ? given.reason : error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (!given) connection.release();
    }
  }
}
