import type { RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../errors.js';
import type { ReadConnection } from './read-connection.js';

/** How a guarded connection behaves for one engine. */
export interface GuardSettings {
  /** How long a statement may go unanswered before the connection is given up. */
  readonly limitMs: number;
  /** The error a failed statement rejects with, from what was being done and the driver's error. */
  readonly unavailable: (what: string, error: unknown) => Error;
  /** Whether a statement waits until the one before it is answered (the driver does not queue them itself). */
  readonly oneAtATime: boolean;
  /** Told once, when the connection is given up. */
  readonly onDrop: () => void;
}

/**
 * A reader's connection with a client deadline on each statement: a statement unanswered within
 * `limitMs` gives the connection up (destroyed, never back to the pool), and once it is given up
 * every pending and later statement fails with the reason it was given up for.
 */
export class GuardedConnection {
  /** Set once the connection is given up: why every pending and later statement fails. */
  private dropped: { readonly reason: unknown } | undefined;
  private readonly pending = new Set<(reason: unknown) => void>();
  /** The last statement sent, when statements go one at a time. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly connection: ReadConnection,
    private readonly settings: GuardSettings,
  ) {}

  /** Whether the connection was given up. */
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
      const { limitMs } = this.settings;
      const deadline = setTimeout(() => this.drop(new StoreUnavailable(`${what}: no answer from the database within ${limitMs} ms`)), limitMs);
      this.pending.add(fail);
      const sending = this.settings.oneAtATime ? this.last.then(() => this.connection.run(statement)) : this.connection.run(statement);
      if (this.settings.oneAtATime) this.last = sending.catch(() => {});
      sending.then(
        (rows) => {
          settle();
          resolve(rows);
        },
        (error: unknown) => fail(this.settings.unavailable(what, error)),
      );
    });
  }

  /** Gives the connection back to the pool. */
  release(): void {
    this.connection.release();
  }

  /** Destroys the connection; every pending and later statement fails with `reason`. */
  drop(reason: unknown): void {
    if (this.dropped) return;
    this.dropped = { reason };
    this.settings.onDrop();
    this.connection.destroy();
    for (const fail of [...this.pending]) fail(reason);
  }
}
