import { sql, type Kysely } from 'kysely';
import { holdConnection } from './hold-connection.js';
import type { ConnectionSource } from './read-connection.js';

/** Connections lent by a host's Kysely instance; it cannot close one, so `destroy` returns it once its last statement ends, rolled back. */
export function kyselySource<DB>(db: Kysely<DB>): ConnectionSource {
  return {
    acquire: async () => {
      const held = await holdConnection(db);
      let last: Promise<unknown> = Promise.resolve();
      return {
        run: (statement) => {
          const rows = statement.execute(held.connection).then(({ rows }) => rows);
          last = rows.catch(() => undefined);
          return rows;
        },
        release: () => void held.release(),
        destroy: () => void last.then(() => sql`ROLLBACK`.execute(held.connection)).catch(() => undefined).then(held.release),
      };
    },
    end: () => db.destroy(),
  };
}
