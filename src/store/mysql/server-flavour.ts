import { sql, type Kysely } from 'kysely';

/** MariaDB and MySQL differ in how a statement's time limit is written. */
export type ServerFlavour = 'mariadb' | 'mysql';

export async function detectFlavour<DB>(db: Kysely<DB>): Promise<ServerFlavour> {
  const { rows } = await sql<{ version: string }>`SELECT VERSION() AS version`.execute(db);
  return /mariadb/i.test(rows[0]?.version ?? '') ? 'mariadb' : 'mysql';
}
