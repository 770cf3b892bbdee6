import { sql, type Kysely } from 'kysely';
import { holdConnection } from './held-connection.js';
import type { ConnectionSource } from './read-connection.js';

/**
 * Connections lent by a host's Kysely instance, over either engine. Kysely lends a connection
 * for the length of a callback and gives no way to close the driver's connection, so `destroy`
 * can only stop waiting for it: the connection goes back to the pool once its last statement has
 * ended (the server answered, or the socket died) and the snapshot was rolled back. Until then it
 * is out of the pool. A store made from the pool itself does not have this limit.
 */
export function kyselySource<DB>(db: Kysely<DB>): ConnectionSource {
  return {
    acquire: async () => {
      const held = await holdConnection(db, async () => {}, async () => {});
      if (!held) throw new Error('the connection ended before it was lent');
      let last: Promise<unknown> = Promise.resolve();
      return {
        run: (statement) => {
          const rows = statement.execute(held.connection).then(({ rows }) => rows);
          last = rows.catch(() => undefined);
          return rows;
        },
        release: () => void held.release(),
        destroy: () =>
          void last
            .then(() => sql`ROLLBACK`.execute(held.connection))
            .catch(() => undefined)
            .then(held.release),
      };
    },
    end: () => db.destroy(),
  };
}
