import { sql, type Kysely } from 'kysely';
import type { Fixture } from '../../src/store/memory/fixture.js';
import { loadFixture } from '../../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../../src/store/note-store.js';
import { LINKS_INDEX_DDL_POSTGRES } from '../../src/store/postgres/links-index-ddl-postgres.js';
import { PostgresNoteStore } from '../../src/store/postgres/postgres-note-store.js';
import type { NoteTableNames } from '../../src/store/sql/note-table-names.js';
import { createTestDatabase } from './mysql-test-database.js';
import { createPostgresTestDatabase, dropNoteTables } from './postgres-test-database.js';
import { storableInMysql, storableInPostgres } from './random-notebook.js';
import { RENAMED } from './store-kinds.js';

/** A SQL store as the link suites use it: one that can wait until its connections are back. */
export type SqlStore = NoteStore & { idle(): Promise<void> };

/** One SQL engine over a throwaway database, its note tables replaced at each load. */
export interface LinkEngine {
  readonly name: string;
  /** The fixture as the engine can store it. */
  storable(fixture: Fixture): Fixture;
  /**
   * Replaces the tables with `fixture`, in Doughnut's table and, unless `renamed` is false, in the
   * renamed one; on PostgreSQL, Doughnut's table has the recommended links index.
   */
  load(fixture: Fixture, options?: { renamed?: boolean; batchSize?: number }): Promise<void>;
  /** A fresh store on Doughnut's table or on the renamed one. */
  store(renamed?: boolean): SqlStore;
  /** Round trips a fresh store's first reader sends before its first read. */
  readonly opening: number;
  readonly db: Kysely<any>;
  drop(): Promise<void>;
}

/** The engines, each on its own database. */
export async function linkEngines(): Promise<LinkEngine[]> {
  const [mysql, postgres] = await Promise.all([createTestDatabase(), createPostgresTestDatabase()]);
  // MySQL has no schema apart from the database: the renamed table is `notes` there.
  const mysqlNames: NoteTableNames = { ...RENAMED, table: 'notes' };
  return [
    {
      name: 'MySQL',
      storable: storableInMysql,
      load: async (fixture, { renamed = true, batchSize } = {}) => {
        await sql`DROP TABLE IF EXISTS note`.execute(mysql.db);
        await sql`DROP TABLE IF EXISTS notes`.execute(mysql.db);
        await loadFixture(mysql.db, fixture, { ...(batchSize && { batchSize }) });
        if (renamed) await loadFixture(mysql.db, fixture, { ...(batchSize && { batchSize }) }, mysqlNames);
      },
      store: (renamed = false) => MysqlNoteStore.fromPool(mysql.pool, renamed ? mysqlNames : undefined),
      // The server's flavour, the snapshot's start, the table's indexes.
      opening: 3,
      db: mysql.db,
      drop: () => mysql.drop(),
    },
    {
      name: 'PostgreSQL',
      storable: storableInPostgres,
      load: async (fixture, { renamed = true, batchSize } = {}) => {
        await dropNoteTables(postgres.db);
        await loadFixture(postgres.db, fixture, { ...(batchSize && { batchSize }) });
        // Doughnut's table with the recommended links index, the renamed one without.
        for (const statement of LINKS_INDEX_DDL_POSTGRES) await sql.raw(statement).execute(postgres.db);
        if (renamed) await loadFixture(postgres.db, fixture, { ...(batchSize && { batchSize }) }, RENAMED);
      },
      store: (renamed = false) => PostgresNoteStore.fromPool(postgres.pool, renamed ? RENAMED : undefined),
      // The table's check, the snapshot's start.
      opening: 2,
      db: postgres.db,
      drop: () => postgres.drop(),
    },
  ];
}
