import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture, NoteData } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import type { ExtendedReadRequest, SiblingsPageRequest } from '../src/store/read-request.js';
import { readCapable } from './support/read-capable.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { randomNotebook, readableNotebooks, storableInPostgres } from './support/random-notebook.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { createPostgresTestDatabase, dropNoteTables, type PostgresTestDatabase } from './support/postgres-test-database.js';

let database: TestDatabase;
let postgres: PostgresTestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  postgres = await createPostgresTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  await postgres?.drop();
});

async function readWith(store: NoteStore, requests: readonly ExtendedReadRequest[], readable: ReadonlySet<number> | undefined) {
  const reader = await store.openReader({ detailsLimit: 20, ...(readable && { readableNotebooks: readable }) });
  try {
    const pages = await readCapable(reader, requests);
    return pages.map((page) => page.map((note) => `${note.id}${note.leftOutBefore === undefined ? '' : `+${note.leftOutBefore}`}${note.leftOut ? '!' : ''}`));
  } finally {
    await reader.close();
  }
}

/**
 * The page as the port defines it, from the fixture alone: `of` (or its parent) and that note's
 * parent must be visible, and the page holds the parent's visible children beyond the note.
 */
function expectedSiblings(fixture: Fixture, readable: ReadonlySet<number> | undefined, request: SiblingsPageRequest): string[] {
  const byId = new Map(fixture.notes.map((note) => [note.id, note]));
  const isVisible = (note: NoteData | undefined) => note !== undefined && note.deletedAt === undefined && (!readable || readable.has(note.notebookId));
  const visible = (id: number | undefined) => {
    const note = id === undefined ? undefined : byId.get(id);
    return isVisible(note) ? note : undefined;
  };
  const self = visible(request.of);
  const note = request.up === 0 ? self : visible(self?.parentId);
  const parent = visible(note?.parentId);
  if (!note || !parent) return [];
  const key = (n: NoteData) => [n.siblingOrder ?? n.id, n.id] as const;
  const compare = (a: NoteData, b: NoteData) => key(a)[0] - key(b)[0] || a.id - b.id;
  const sign = request.direction === 'asc' ? 1 : -1;
  return fixture.notes
    .filter((n) => n.parentId === parent.id && isVisible(n) && sign * compare(n, note) > 0)
    .sort((a, b) => sign * compare(a, b))
    .slice(0, request.limit)
    .map((n) => String(n.id));
}

describe('the first page of siblings (SiblingsPageRequest), as each store answers it', () => {
  it('every store gives the visible children beyond the note (or its parent), and a filtered page as the same children request would (150 notebooks)', async () => {
    const reached = { nonEmpty: 0, emptyForAnInvisibleStep: 0, up: 0, filteredLeftOut: 0, cycles: 0 };
    await fc.assert(
      fc.asyncProperty(
        randomNotebook({ maxNotes: 30 }).map(storableInPostgres),
        readableNotebooks,
        fc.array(fc.record({ of: fc.integer({ min: 1, max: 31 }), up: fc.constantFrom(0 as const, 1 as const), direction: fc.constantFrom('asc' as const, 'desc' as const), limit: fc.integer({ min: 1, max: 6 }) }), { minLength: 8, maxLength: 12 }),
        fc.integer({ min: 0, max: 60 }),
        async (fixture, readableList, drawn, maxBytes) => {
          const readable = readableList && new Set(readableList);
          await sql`DROP TABLE IF EXISTS note`.execute(database.db);
          await loadFixture(database.db, fixture);
          await dropNoteTables(postgres.db);
          await loadFixture(postgres.db, fixture);
          const stores = { memory: new MemoryNoteStore(fixture), mysql: new MysqlNoteStore(database.pool), postgres: PostgresNoteStore.fromPool(postgres.pool) };
          const requests: SiblingsPageRequest[] = drawn.map((request) => ({ kind: 'siblings', ...request }));
          const expected = requests.map((request) => expectedSiblings(fixture, readable, request));
          for (const store of Object.values(stores)) expect(await readWith(store, requests, readable)).toEqual(expected);

          // With a size filter, the page is the children request it stands for, on either store.
          const byId = new Map(fixture.notes.map((note) => [note.id, note]));
          const filter = { maxTextBytes: Array(8).fill(maxBytes), maxWordStarts: Array(8).fill(4), keep: [], scan: 5 };
          for (const [index, request] of requests.entries()) {
            const self = byId.get(request.of);
            const note = request.up === 0 ? self : byId.get(self?.parentId ?? -1);
            if (expected[index]!.length === 0 || !note?.parentId) continue;
            const children: ExtendedReadRequest = { kind: 'children', parentId: note.parentId, direction: request.direction, after: { siblingOrder: note.siblingOrder ?? note.id, id: note.id }, limit: request.limit, filter };
            for (const store of Object.values(stores)) {
              const [asSiblings, asChildren] = await readWith(store, [{ ...request, filter }, children], readable);
              expect(asSiblings).toEqual(asChildren);
              if (asChildren!.some((entry) => entry.includes('!') || !entry.endsWith('+0'))) reached.filteredLeftOut++;
            }
          }
          for (const [index, request] of requests.entries()) {
            if (expected[index]!.length > 0) reached.nonEmpty++;
            else if (byId.get(request.of)) reached.emptyForAnInvisibleStep++;
            if (request.up === 1 && expected[index]!.length > 0) reached.up++;
            const self = byId.get(request.of);
            if (self && (self.parentId === self.id || byId.get(self.parentId ?? -1)?.parentId === self.id)) reached.cycles++;
          }
        },
      ),
      { numRuns: 150 },
    );
    console.log(`siblings pages: ${JSON.stringify(reached)}`);
    expect(reached.nonEmpty).toBeGreaterThan(50);
    expect(reached.up).toBeGreaterThan(20);
    expect(reached.emptyForAnInvisibleStep).toBeGreaterThan(100);
    expect(reached.filteredLeftOut).toBeGreaterThan(40);
    expect(reached.cycles).toBeGreaterThan(5);
    // 150 notebooks loaded into both engines: about 20 s on a quiet machine, three times that on a busy one.
  }, 240_000);
});
