// The database engines the benchmark on Doughnut's schema measures, one entry each: how to make
// a throwaway database holding Doughnut's `note` table, the layouts to measure in turn (each
// adds its statements to the one before), a store over it and a trivial round trip beside it.
// Another engine is one more entry in BENCH_ENGINES.
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { RECOMMENDED_INDEX_DDL } from '../src/store/mysql/note-table-ddl.js';
import type { Fixture } from '../src/store/memory/fixture.js';
import type { NoteStore } from '../src/store/note-store.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { loadDoughnutTable } from './load-doughnut-table.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { createPostgresTestDatabase } from '../test/support/postgres-test-database.js';
import { RECOMMENDED_INDEX_DDL_POSTGRES } from './doughnut-note-ddl-postgres.js';
import { loadDoughnutTablePostgres } from './load-doughnut-table-postgres.js';

export interface BenchLayout {
  /** As the tables name it: "Doughnut's DDL", "with the recommended index". */
  readonly name: string;
  /** Run after the layout before it (the first one after the load); then the statistics are refreshed. */
  readonly statements: readonly string[];
}

export interface BenchDatabase {
  /** A store made afresh for the layout last applied (a store learns the table's indexes once). */
  readonly store: NoteStore;
  /**
   * For an engine whose store has index-aware shortcuts: the same store with them off, what it did
   * before it had them (timed in turns with `store`).
   */
  readonly baseline?: NoteStore;
  /** One trivial statement (`SELECT 1`) on a connection held for the purpose: the floor a build is compared with. */
  selectOne(): Promise<void>;
  /** Runs a layout's statements, then refreshes the table's statistics. */
  apply(statements: readonly string[]): Promise<void>;
  /** Closes the store and the held connection, and drops the database. */
  close(): Promise<void>;
}

export interface BenchEngine {
  /** As the tables name it: "MySQL". */
  readonly name: string;
  readonly layouts: readonly BenchLayout[];
  /** A throwaway database with Doughnut's `note` table holding the fixture, its statistics fresh. */
  open(fixture: Fixture): Promise<BenchDatabase>;
}

const mysql: BenchEngine = {
  name: 'MySQL',
  layouts: [
    { name: "Doughnut's DDL", statements: [] },
    { name: 'with the recommended index', statements: [RECOMMENDED_INDEX_DDL] },
  ],
  async open(fixture) {
    const database = await createTestDatabase();
    const pool = database.pool.promise();
    try {
      await loadDoughnutTable(pool, fixture);
      const held = await pool.getConnection();
      let store = MysqlNoteStore.fromPool(database.pool);
      let baseline = MysqlNoteStore.fromPool(database.pool, { indexAwarePages: false });
      return {
        get store() {
          return store;
        },
        get baseline() {
          return baseline;
        },
        selectOne: async () => {
          await held.query('SELECT 1');
        },
        apply: async (statements) => {
          for (const statement of statements) await pool.query(statement);
          await pool.query('ANALYZE TABLE note');
          await Promise.all([store.destroy(), baseline.destroy()]);
          store = MysqlNoteStore.fromPool(database.pool);
          baseline = MysqlNoteStore.fromPool(database.pool, { indexAwarePages: false });
        },
        close: async () => {
          await Promise.all([store.destroy(), baseline.destroy()]);
          held.release();
          // The database's Kysely instance was never used, so dropping it would leave this pool open.
          await pool.end();
          await database.drop();
        },
      };
    } catch (error) {
      await pool.end();
      await database.drop();
      throw error;
    }
  },
};

const postgres: BenchEngine = {
  name: 'PostgreSQL',
  layouts: [
    { name: "Doughnut's DDL", statements: [] },
    { name: 'with the recommended index', statements: [RECOMMENDED_INDEX_DDL_POSTGRES] },
  ],
  async open(fixture) {
    const database = await createPostgresTestDatabase();
    try {
      await loadDoughnutTablePostgres(database.pool, fixture);
      const held = await database.pool.connect();
      const store = PostgresNoteStore.fromPool(database.pool);
      return {
        store,
        selectOne: async () => {
          await held.query('SELECT 1');
        },
        apply: async (statements) => {
          for (const statement of statements) await database.pool.query(statement);
          await database.pool.query('ANALYZE note');
        },
        close: async () => {
          await store.destroy();
          held.release();
          await database.drop();
        },
      };
    } catch (error) {
      await database.drop();
      throw error;
    }
  },
};

/** Each engine measured on Doughnut's schema, in the order of the tables. */
export const BENCH_ENGINES: readonly BenchEngine[] = [mysql, postgres];
