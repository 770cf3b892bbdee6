import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import type { NoteData } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { MysqlReadPool } from '../src/store/mysql/mysql-pool-source.js';
import type { NoteStore } from '../src/store/note-store.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';

/**
 * A hub (2) of 600 children, most with long details, every 37th a tiny one: around a
 * child in the middle, once the budget is tight, the rest of its siblings is read filtered both ways, and the tiny
 * ones beyond both bounds still fit, so which way each is read decides the result. Sibling orders go in pairs.
 */
function hub(): NoteData[] {
  const notes: NoteData[] = [
    { id: 1, title: 'Root', notebookId: 1, siblingOrder: 1 },
    { id: 2, title: 'Hub', details: 'Many children.', parentId: 1, notebookId: 1, siblingOrder: 1 },
  ];
  for (let index = 0; index < 600; index++) {
    const tiny = index % 37 === 5;
    notes.push({
      id: 10 + index,
      title: tiny ? `t${index}` : `Child ${index}`,
      ...(!tiny && { details: `lorem ipsum dolor ${index} `.repeat(40) }),
      parentId: 2,
      notebookId: 1,
      siblingOrder: Math.floor(index / 2),
    });
  }
  return notes;
}

const written = async (store: NoteStore, focus: number, budget: number) => {
  const { result, report } = await buildContext(store, { focus, budget });
  return JSON.stringify({ result, report: { ...report, roundTrips: undefined } });
};

describe('filtered pages of the same children, one each way, read by one scan (MySQL)', () => {
  const notes = hub();
  const memory = new MemoryNoteStore({ notebooks: [{ id: 1, name: 'Hub' }], notes });
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  for (const recommendedIndex of [false, true]) {
    it(`give the memory store's result and report, tiny siblings found both ways (${recommendedIndex ? 'with' : 'without'} the recommended index)`, async () => {
      await sql`DROP TABLE IF EXISTS note`.execute(database.db);
      await loadFixture(database.db, { notebooks: [{ id: 1, name: 'Hub' }], notes }, { recommendedIndex });
      const statements: string[] = [];
      const logged: MysqlReadPool = {
        getConnection: (callback) =>
          database.pool.getConnection((error, connection) =>
            callback(error, {
              config: connection?.config,
              query: (options, values, done) => (statements.push(typeof options === 'string' ? options : options.sql), connection.query(typeof options === 'string' ? { sql: options } : options, values, done)),
              release: () => connection.release(),
              destroy: () => connection.destroy(),
            }),
          ),
        end: (callback) => callback(),
      };
      const store = MysqlNoteStore.fromPool(logged);
      let bothWays = 0;
      let tinyBothSides = 0;
      try {
        for (const budget of [600, 900, 1500]) {
          for (const focus of [10 + 300, 10 + 151]) {
            statements.length = 0;
            const expected = await written(memory, focus, budget);
            expect(await written(store, focus, budget), `focus ${focus}, budget ${budget}`).toBe(expected);
            bothWays += statements.filter((text) => text.includes('PARTITION BY n.way')).length;
            // Tiny siblings beyond the first pages on both sides of the focus reached the result.
            const { relatedNotes } = (JSON.parse(expected) as { result: { relatedNotes: { uriAndTitle: string; relationToFocusNote: string }[] } }).result;
            const tiny = (relation: string) => relatedNotes.some((note) => note.relationToFocusNote === relation && /\[t\d+\]/.test(note.uriAndTitle));
            if (tiny('PriorSibling') && tiny('YoungerSibling')) tinyBothSides++;
          }
        }
      } finally {
        await store.destroy();
      }
      // Five of the six builds get that far (both exact: the builds depend only on the notes and the options).
      expect([bothWays, tinyBothSides]).toEqual([5, 5]);
    });
  }
});
