import type { RawBuilder } from 'kysely';

export type RunStatement = (statement: RawBuilder<unknown>) => Promise<unknown[]>;

/** One connection a SQL reader keeps for a whole build. */
export interface ReadConnection {
  /** Runs one statement: its rows, or none (several `;`-separated ones on PostgreSQL: the last one's). */
  run(statement: RawBuilder<unknown>): Promise<unknown[]>;
  /** Gives the connection back for the next build; only once no statement is pending. */
  release(): void;
  /** Gives up on the connection at once, whatever it is doing; no later build gets it as it is. */
  destroy(): void;
}

export interface ConnectionSource {
  acquire(): Promise<ReadConnection>;
  /** Closes the pool behind the source. */
  end(): Promise<void>;
}
