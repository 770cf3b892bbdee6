import type { RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../note-context-error.js';
import type { ReadConnection } from './read-connection.js';
import type { SqlDialect } from './sql-dialect.js';

/** A reader's connection with a client deadline: a statement unanswered within `limitMs` gives it up (see {@link drop}). */
export class GuardedConnection {
  /** Set once the connection is given up: why every pending and later statement fails. */
  private dropped: { readonly reason: unknown } | undefined;
  private readonly pending = new Set<(reason: unknown) => void>();
  /** The last statement sent, when statements go one at a time. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly connection: ReadConnection, private readonly limitMs: number,
    private readonly dialect: Pick<SqlDialect, 'unavailable' | 'oneAtATime'>, private readonly onDrop: () => void,
  ) {}

  get isDropped(): boolean {
    return this.dropped !== undefined;
  }

  /** One statement, failing with the drop's reason when the connection is given up first. */
  run(statement: RawBuilder<unknown>, what: string): Promise<unknown[]> {
    if (this.dropped) return Promise.reject(this.dropped.reason);
    return new Promise((resolve, reject) => {
      const fail = (reason: unknown) => {
        settle();
        reject(reason);
      };
      const settle = () => {
        clearTimeout(deadline);
        this.pending.delete(fail);
      };
      const deadline = setTimeout(() => this.drop(new StoreUnavailable(`${what}: no answer from the database within ${this.limitMs} ms`)), this.limitMs);
      this.pending.add(fail);
      const sending = this.dialect.oneAtATime ? this.last.then(() => this.connection.run(statement)) : this.connection.run(statement);
      if (this.dialect.oneAtATime) this.last = sending.catch(() => {});
      sending.finally(settle).then(resolve, (error: unknown) => reject(this.dialect.unavailable(what, error)));
    });
  }

  /** Destroys the connection; every pending and later statement fails with `reason`. */
  drop(reason: unknown): void {
    if (this.dropped) return;
    this.dropped = { reason };
    this.onDrop();
    this.connection.destroy();
    for (const fail of [...this.pending]) fail(reason);
  }
}
