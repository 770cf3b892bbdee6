import type { Kysely } from 'kysely';

/** Keeps one connection from the pool until `release`, after `begin` and before `end`; `undefined` if Kysely's callback ended first. */
export async function holdConnection<DB>(
  db: Kysely<DB>,
  begin: (connection: Kysely<DB>) => Promise<unknown>,
  end: (connection: Kysely<DB>) => Promise<unknown>,
): Promise<{ readonly connection: Kysely<DB>; release(): Promise<void> } | undefined> {
  let handOut!: (connection: Kysely<DB>) => void;
  let letGo!: () => void;
  const ready = new Promise<Kysely<DB>>((resolve) => (handOut = resolve));
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const session = db.connection().execute(async (connection) => {
    await begin(connection);
    handOut(connection);
    await released;
    await end(connection);
  });
  const connection = await Promise.race([ready, session.then(() => undefined)]);
  if (!connection) return undefined;
  return {
    connection,
    // Runs `end` and gives the connection back; a failure there is the pool's, not the caller's.
    release: async () => {
      letGo();
      await session.catch(() => undefined);
    },
  };
}
