import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import type { BuildOptions } from '../src/build-options.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { Fixture, NoteData } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';

// MariaDB stops a recursive CTE after `max_recursive_iterations` (1,000 by default) without a
// word, and MySQL fails it after `cte_max_recursion_depth`: chains deeper than that, and cycles
// longer than that, are where the MySQL store could part from the in-memory one.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** Enough for every note of these notebooks: the whole chains must be in the result. */
const ALL = { budget: 10_000_000, tokenizer: 'estimate' } as const;

async function bothStores(notes: NoteData[]): Promise<{ memory: NoteStore; mysql: NoteStore }> {
  const fixture: Fixture = { notebooks: [{ id: 1, name: 'deep' }], notes };
  await sql`DROP TABLE IF EXISTS note`.execute(database.db);
  await loadFixture(database.db, fixture, { batchSize: 5_000 });
  return { memory: new MemoryNoteStore(fixture), mysql: MysqlNoteStore.fromPool(database.pool) };
}

async function sameResult(stores: { memory: NoteStore; mysql: NoteStore }, options: BuildOptions) {
  const { result } = await buildContext(stores.memory, options);
  const actual = JSON.stringify((await buildContext(stores.mysql, options)).result);
  // Not toBe: a diff of two megabytes of JSON would drown the report.
  expect(actual === JSON.stringify(result), `focus ${options.focus}: the stores differ`).toBe(true);
  return result;
}

/** `count` notes from `first` on, each the child of the one before; the first is a root. */
function chain(first: number, count: number, title: string): NoteData[] {
  return Array.from({ length: count }, (_, index) => ({
    id: first + index,
    title: `${title} ${index}`,
    ...(index > 0 && { parentId: first + index - 1 }),
    siblingOrder: 0,
    notebookId: 1,
  }));
}

const relatedIds = (result: { relatedNotes: readonly { uriAndTitle: string; relationToFocusNote: string }[] }, relation: string) =>
  result.relatedNotes.filter((note) => note.relationToFocusNote === relation).map((note) => Number(/\/n(\d+)\)$/.exec(note.uriAndTitle)![1]));

describe('ancestor chains in the MySQL store', () => {
  it('a 5,000-deep chain: the whole contextual path, and the whole path of a note referring to the focus, as in memory', async () => {
    // Chain A (1..5000) ends at the focus; chain B (5001..10000) ends at a reification of the focus.
    const notes = [
      ...chain(1, 5_000, 'a'),
      ...chain(5_001, 5_000, 'b'),
      { id: 10_001, title: 'refers to the bottom', parentId: 10_000, objectId: 5_000, siblingOrder: 0, notebookId: 1 },
    ];
    const stores = await bothStores(notes);

    const bottom = await sameResult(stores, { focus: 5_000, ...ALL });
    expect(bottom.focusNote.contextualPath).toHaveLength(4_999);
    expect(bottom.focusNote.contextualPath[0]).toBe('[a 0](/n1)');
    // The referring note's path reaches chain B's root, 5,000 steps up.
    expect(relatedIds(bottom, 'NoteInReferringContextualPath')).toContain(5_001);

    const reification = await sameResult(stores, { focus: 10_001, ...ALL });
    expect(reification.focusNote.contextualPath).toHaveLength(5_000);
    expect(relatedIds(reification, 'NoteInObjectContextualPath')).toHaveLength(4_999);
  });

  it('cycles end at the first repeat, as in memory: a 3,000-long cycle, a note hanging off it, a self-parent', async () => {
    const cycle = chain(1, 3_000, 'c').map((note) => (note.id === 1 ? { ...note, parentId: 3_000 } : note));
    const notes: NoteData[] = [
      ...cycle,
      { id: 3_001, title: 'hangs off the cycle', parentId: 1_500, siblingOrder: 1, notebookId: 1 },
      { id: 3_002, title: 'refers to it', parentId: 2_000, objectId: 3_001, siblingOrder: 1, notebookId: 1 },
      { id: 3_003, title: 'own parent', parentId: 3_003, siblingOrder: 0, notebookId: 1 },
      { id: 3_004, title: 'child of own parent', parentId: 3_003, objectId: 1, siblingOrder: 0, notebookId: 1 },
      { id: 3_005, title: 'refers to own parent', parentId: 3_003, objectId: 3_003, siblingOrder: 1, notebookId: 1 },
    ];
    const stores = await bothStores(notes);

    const inCycle = await sameResult(stores, { focus: 1, ...ALL });
    expect(inCycle.focusNote.contextualPath).toHaveLength(2_999);
    const hanging = await sameResult(stores, { focus: 3_001, ...ALL });
    expect(hanging.focusNote.contextualPath).toHaveLength(3_000);
    const referring = await sameResult(stores, { focus: 3_002, ...ALL });
    expect(referring.focusNote.contextualPath).toHaveLength(3_000);
    expect(referring.focusNote.contextualPath[0]).toBe('[c 2000](/n2001)');
    for (const focus of [3_003, 3_004, 3_005]) await sameResult(stores, { focus, ...ALL });
  });

  it('an invisible note (deleted, or in an unreadable notebook) has no ancestors, as in memory', async () => {
    const stores = await bothStores([
      ...chain(1, 3, 'a'),
      { id: 4, title: 'deleted', parentId: 3, siblingOrder: 0, notebookId: 1, deletedAt: '2026-01-01T00:00:00Z' },
      { id: 5, title: 'elsewhere', parentId: 3, siblingOrder: 1, notebookId: 2 },
    ]);
    const ancestors = async (store: NoteStore, readableNotebooks?: ReadonlySet<number>) => {
      const reader = await store.openReader({ detailsLimit: 100, ...(readableNotebooks && { readableNotebooks }) });
      try {
        const answers = await reader.read([4, 5, 3].map((id) => ({ kind: 'ancestors', id }) as const));
        return answers.map((records) => records.map((record) => record.id));
      } finally {
        await reader.close();
      }
    };
    for (const readable of [undefined, new Set([1])]) {
      const expected = await ancestors(stores.memory, readable);
      expect(expected.at(-1)).toEqual([2, 1]);
      expect(await ancestors(stores.mysql, readable)).toEqual(expected);
    }
    expect(await ancestors(stores.mysql, new Set([1]))).toEqual([[], [], [2, 1]]);
  });
});
