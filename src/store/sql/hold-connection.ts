import type { Kysely } from 'kysely';

/** Keeps one connection from the pool until `release`; rejects when the pool cannot lend one. */
export async function holdConnection<DB>(db: Kysely<DB>): Promise<{ readonly connection: Kysely<DB>; release(): Promise<void> }> {
  let handOut!: (connection: Kysely<DB>) => void;
  let letGo!: () => void;
  const ready = new Promise<Kysely<DB>>((resolve) => (handOut = resolve));
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const session = db.connection().execute(async (connection) => {
    handOut(connection);
    await released;
  });
  // The session ends only once released, so the race is won by the connection, or lost by the pool's failure.
  const connection = await Promise.race([ready, session.then(() => ready)]);
  return {
    connection,
    // Gives the connection back; a failure there is the pool's, not the caller's.
    release: async () => {
      letGo();
      await session.catch(() => undefined);
    },
  };
}
