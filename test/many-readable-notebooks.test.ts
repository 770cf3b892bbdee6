// A host may pass every notebook a user can read, which can be a long list. 100,000 ids once
// made a statement of megabytes that the server could not run within its time limit; the list
// now travels once, as JSON, and the result is the memory store's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { SAMPLE_NOTEBOOK } from '../src/host/open-store.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';

let database: TestDatabase;
let mysql: MysqlNoteStore;
let memory: MemoryNoteStore;

beforeAll(async () => {
  database = await createTestDatabase();
  const fixture = await readFixtureFile(SAMPLE_NOTEBOOK);
  await loadFixture(database.db, fixture);
  memory = new MemoryNoteStore(fixture);
  // The default statement time limit (5 s), within which the long list once could not be read.
  mysql = MysqlNoteStore.fromPool(database.pool);
});
afterAll(async () => {
  await mysql?.destroy();
  await database?.drop();
});

describe('readableNotebooks with 100,000 ids on MySQL', () => {
  it('builds, and gives what the memory store gives; a title search too', async () => {
    // Every notebook but 1, so the list decides what is visible.
    const readableNotebooks = Array.from({ length: 100_000 }, (_, index) => index + 2);
    const options = { focus: 82, budget: 2_000, readableNotebooks, timeoutMs: 60_000 };
    const [fromMysql, fromMemory] = await Promise.all([buildContext(mysql, options), buildContext(memory, options)]);
    expect(fromMysql.result).toEqual(fromMemory.result);
    const search = { limit: 10, readableNotebooks: new Set(readableNotebooks) };
    expect(await mysql.findNotes('wat', search)).toEqual(await memory.findNotes('wat', search));
  }, 120_000);
});
