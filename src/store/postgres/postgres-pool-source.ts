import { offlineCompiler } from '../sql/offline-compiler.js';
import type { ConnectionSource } from '../sql/read-connection.js';

/** The few methods of a pg pool the store uses: a host passes the pool it has (pg's `Pool` fits). */
export interface PostgresReadPool { connect(): Promise<PostgresPooledClient>; end(): Promise<void>; }

export interface PostgresPooledClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | { rows: unknown[] }[]>;
  /** Back to the pool; given an error, the pool closes the client and opens another later. */
  release(destroy?: boolean | Error): void;
}

const compiler = offlineCompiler('postgres');

/** Clients straight from a pg pool: `destroy` releases one with an error, so the pool closes it at once. */
export function postgresPoolSource(pool: PostgresReadPool): ConnectionSource {
  return {
    acquire: async () => {
      const client = await pool.connect();
      let released = false;
      const giveBack = (destroy: boolean) => {
        if (released) return;
        released = true;
        client.release(destroy ? new Error('the build gave up on this connection') : undefined);
      };
      return {
        run: async (statement) => {
          const { sql: text, parameters } = statement.compile(compiler);
          const result = await client.query(text, [...parameters]);
          // A text of several statements answers with one result each: the last one's rows.
          return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
        },
        release: () => giveBack(false),
        destroy: () => giveBack(true),
      };
    },
    end: () => pool.end(),
  };
}
