// A host may pass every notebook a user can read, which can be a long list. 100,000 ids once
// made a statement of megabytes that the server could not run within its time limit; the list
// now travels once (as JSON on MySQL, as one array on PostgreSQL), and the result is the memory
// store's, on Doughnut's table and on a host's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { readFixtureFile, type Fixture } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteFinder } from '../src/store/note-finder.js';
import type { NoteStore } from '../src/store/note-store.js';
import { mysqlStoreKind, postgresStoreKind, type StoreKind } from './support/store-kinds.js';

const KINDS = [mysqlStoreKind(), mysqlStoreKind({ renamed: true }), postgresStoreKind(), postgresStoreKind({ renamed: true })];

let fixture: Fixture;
let memory: MemoryNoteStore;

beforeAll(async () => {
  fixture = await readFixtureFile(sampleNotebookPath);
  memory = new MemoryNoteStore(fixture);
});
afterAll(async () => {
  await Promise.all(KINDS.map((kind) => kind.dispose()));
});

describe.each(KINDS.map((kind): [string, StoreKind] => [kind.name, kind]))('readableNotebooks with 100,000 ids on %s', (_name, kind) => {
  it('builds, and gives what the memory store gives; a title search too', async () => {
    // The default statement time limit (5 s), within which the long list once could not be read.
    const store = (await kind.load(fixture)) as NoteStore & NoteFinder;
    // Every notebook but 1, so the list decides what is visible.
    const readableNotebooks = Array.from({ length: 100_000 }, (_, index) => index + 2);
    const options = { focus: 82, budget: 2_000, readableNotebooks, timeoutMs: 60_000 };
    const [fromStore, fromMemory] = await Promise.all([buildContext(store, options), buildContext(memory, options)]);
    expect(fromStore.result).toEqual(fromMemory.result);
    expect(fromStore.result.relatedNotes.length).toBeGreaterThan(0);
    const search = { limit: 10, readableNotebooks: new Set(readableNotebooks) };
    const found = await store.findNotes('wat', search);
    expect(found).toEqual(await memory.findNotes('wat', search));
    expect(found.length).toBeGreaterThan(0);
  }, 120_000);
});
