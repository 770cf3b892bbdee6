import { sql } from 'kysely';
import { MemoryNoteStore } from '../../src/store/memory/memory-note-store.js';
import type { Fixture } from '../../src/store/memory/fixture.js';
import { loadFixture } from '../../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../../src/store/note-store.js';
import { PlainNoteStore } from './plain-note-store.js';
import { createTestDatabase, type TestDatabase } from './mysql-test-database.js';

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
export const mysqlStoreKind = ({ recommendedIndex = true }: { recommendedIndex?: boolean } = {}): StoreKind => {
  let database: Promise<TestDatabase> | undefined;
  return {
    name: recommendedIndex ? 'mysql' : 'mysql (no recommended index)',
    load: async (fixture) => {
      database ??= createTestDatabase();
      const { db, pool } = await database;
      // Dropped, not emptied: the next table must be made with or without the index afresh.
      await sql`DROP TABLE IF EXISTS note`.execute(db);
      await loadFixture(db, fixture, { recommendedIndex });
      return MysqlNoteStore.fromPool(pool);
    },
    dispose: async () => {
      if (database) await (await database).drop();
    },
  };
};

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
] as const;
