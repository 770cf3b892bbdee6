import { sql } from 'kysely';
import { MemoryNoteStore } from '../../src/store/memory/memory-note-store.js';
import type { Fixture } from '../../src/store/memory/fixture.js';
import { loadFixture } from '../../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../../src/store/note-store.js';
import { PlainNoteStore } from './plain-note-store.js';
import { createTestDatabase, type TestDatabase } from './mysql-test-database.js';
import { createPostgresTestDatabase, dropNoteTables, type PostgresTestDatabase } from './postgres-test-database.js';
import { PostgresNoteStore } from '../../src/store/postgres/postgres-note-store.js';
import type { NoteTableNames } from '../../src/store/sql/note-table-names.js';

/** A kind of store the shared suites run over. */
export interface StoreKind {
  readonly name: string;
  /** A store holding exactly `fixture` (and nothing loaded before). */
  load(fixture: Fixture): Promise<NoteStore>;
  /** Releases whatever `load` created. */
  dispose(): Promise<void>;
}

export const memoryStoreKind = (): StoreKind => ({
  name: 'memory',
  load: async (fixture) => new MemoryNoteStore(fixture),
  dispose: async () => {},
});

/**
 * MySQL over a throwaway database: each load replaces the note table. With `recommendedIndex`
 * false the table is made without it, so the suites show results never depend on it (spec 8).
 */
export const mysqlStoreKind = ({ recommendedIndex = true, renamed = false }: SqlKindOptions = {}): StoreKind => {
  let database: Promise<TestDatabase> | undefined;
  const names = renamed ? { ...RENAMED, table: 'notes' } : undefined;
  return {
    name: `mysql${recommendedIndex ? '' : ' (no recommended index)'}${renamed ? ' (renamed table and columns)' : ''}`,
    load: async (fixture) => {
      database ??= createTestDatabase();
      const { db, pool } = await database;
      // Dropped, not emptied: the next table must be made with or without the index afresh.
      await sql`DROP TABLE IF EXISTS ${sql.table(names?.table ?? 'note')}`.execute(db);
      await loadFixture(db, fixture, { recommendedIndex }, names);
      return MysqlNoteStore.fromPool(pool, names);
    },
    dispose: async () => {
      if (database) await (await database).drop();
    },
  };
};

export interface SqlKindOptions {
  readonly recommendedIndex?: boolean;
  /** The host's own table and column names ({@link RENAMED}) instead of Doughnut's. */
  readonly renamed?: boolean;
}

/** Names unlike Doughnut's: mixed case, a space, a reserved word; on PostgreSQL in a schema of its own. */
export const RENAMED = {
  table: 'app.notes',
  columns: { id: 'Id', title: 'name', details: 'body', parentId: 'parent', objectId: 'order', siblingOrder: 'position', notebookId: 'book', deletedAt: 'removed at' },
} as const satisfies NoteTableNames;

/**
 * PostgreSQL over a throwaway database: each load replaces the table, Doughnut's translated
 * column for column or the renamed one (in schema `app`).
 */
export const postgresStoreKind = ({ recommendedIndex = true, renamed = false }: SqlKindOptions = {}): StoreKind => {
  let database: Promise<PostgresTestDatabase> | undefined;
  const names = renamed ? RENAMED : undefined;
  return {
    name: `postgres${recommendedIndex ? '' : ' (no recommended index)'}${renamed ? ' (renamed table and columns)' : ''}`,
    load: async (fixture) => {
      database ??= createPostgresTestDatabase();
      const { db, pool } = await database;
      await dropNoteTables(db);
      await loadFixture(db, fixture, { recommendedIndex }, names);
      return PostgresNoteStore.fromPool(pool, names);
    },
    dispose: async () => {
      if (database) await (await database).drop();
    },
  };
};

/** PostgreSQL with and without the recommended index, and on a renamed table in its own schema. */
export const postgresStoreKindFactories = [
  () => postgresStoreKind(),
  () => postgresStoreKind({ recommendedIndex: false }),
  () => postgresStoreKind({ renamed: true }),
] as const;

/** A store that implements only the required port and declares no capability. */
export const plainStoreKind = (): StoreKind => ({
  name: 'plain (required port only)',
  load: async (fixture) => new PlainNoteStore(fixture),
  dispose: async () => {},
});

export const storeKindFactories = [
  memoryStoreKind,
  () => mysqlStoreKind(),
  () => mysqlStoreKind({ recommendedIndex: false }),
  () => mysqlStoreKind({ renamed: true }),
  ...postgresStoreKindFactories,
] as const;
