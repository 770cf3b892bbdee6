import { sql } from 'kysely';
import { MemoryNoteStore } from '../../src/store/memory/memory-note-store.js';
import type { Fixture } from '../../src/store/memory/fixture.js';
import { loadFixture } from '../../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../../src/store/note-store.js';
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

/** MySQL over a throwaway database: each load replaces the note table's rows. */
export const mysqlStoreKind = (): StoreKind => {
  let database: Promise<TestDatabase> | undefined;
  return {
    name: 'mysql',
    load: async (fixture) => {
      database ??= createTestDatabase();
      const { db } = await database;
      await sql`DROP TABLE IF EXISTS note`.execute(db);
      await loadFixture(db, fixture);
      return new MysqlNoteStore(db);
    },
    dispose: async () => {
      if (database) await (await database).drop();
    },
  };
};

export const storeKindFactories = [memoryStoreKind, mysqlStoreKind] as const;
