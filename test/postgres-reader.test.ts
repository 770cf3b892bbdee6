import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture, NoteData } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { compareSiblingKeys, type NoteRecord, type SiblingKey } from '../src/model/note-record.js';
import { buildContext } from '../src/build-context.js';
import type { ReadScope } from '../src/store/note-store.js';
import type { ExtendedReadRequest } from '../src/store/read-request.js';
import type { FilteredRecord } from '../src/store/size-filter.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { createPostgresTestDatabase, dropNoteTables, type PostgresTestDatabase } from './support/postgres-test-database.js';
import { randomNotebook, readableNotebooks, storableInPostgres } from './support/random-notebook.js';
import { RENAMED } from './support/store-kinds.js';
import { linkedNotebook } from './support/linked-notebook.js';
import { linkTargetsOf } from '../src/links/link-targets-of.js';
import { readWith } from './support/read-with.js';

// The PostgreSQL reader against the memory store's, request by request: the memory store is the
// port's plain reading of the fixture, written apart from any SQL.

let database: PostgresTestDatabase;
beforeAll(async () => {
  database = await createPostgresTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});


/** Ancestors come in any order: compared by id. */
const comparable = (requests: readonly ExtendedReadRequest[], pages: readonly (readonly NoteRecord[])[]) =>
  pages.map((page, index) => (requests[index]!.kind === 'ancestors' ? [...page].sort((a, b) => a.id - b.id) : page));

const request = (ids: number): fc.Arbitrary<ExtendedReadRequest> =>
  fc.oneof(
    fc.record({ kind: fc.constant('note' as const), id: fc.integer({ min: 1, max: ids }), full: fc.boolean() }),
    fc.record({ kind: fc.constant('ancestors' as const), id: fc.integer({ min: 1, max: ids }) }),
    fc.record(
      {
        kind: fc.constant('children' as const),
        parentId: fc.integer({ min: 1, max: 12 }),
        direction: fc.constantFrom('asc' as const, 'desc' as const),
        after: fc.record({ siblingOrder: fc.integer({ min: -1, max: 6 }), id: fc.integer({ min: 0, max: ids }) }),
        limit: fc.integer({ min: 1, max: 6 }),
      },
      { requiredKeys: ['kind', 'parentId', 'direction', 'limit'] },
    ),
    fc.record(
      { kind: fc.constant('referrings' as const), objectId: fc.integer({ min: 1, max: ids }), afterId: fc.integer({ min: 0, max: ids }), limit: fc.integer({ min: 1, max: 6 }) },
      { requiredKeys: ['kind', 'objectId', 'limit'] },
    ),
    fc.record({ kind: fc.constant('linked' as const), id: fc.integer({ min: 1, max: ids }) }),
    fc.record({ kind: fc.constant('linking' as const), id: fc.integer({ min: 1, max: ids }) }),
    fc.record({
      kind: fc.constant('siblings' as const),
      of: fc.integer({ min: 1, max: ids }),
      up: fc.constantFrom(0 as const, 1 as const),
      direction: fc.constantFrom('asc' as const, 'desc' as const),
      limit: fc.integer({ min: 1, max: 6 }),
    }),
  );

/** A size filter (the optional capability) on some of the pages: small limits, so that notes are left out. */
const withFilters = (requests: readonly ExtendedReadRequest[]): fc.Arbitrary<ExtendedReadRequest[]> =>
  fc.tuple(
    ...requests.map((r) =>
      r.kind === 'note' || r.kind === 'ancestors' || r.kind === 'linked' || r.kind === 'linking'
        ? fc.constant(r)
        : fc.option(
            fc.record({
              scan: fc.integer({ min: 1, max: 8 }),
              maxTextBytes: fc.array(fc.integer({ min: -1, max: 60 }), { minLength: 8, maxLength: 8 }),
              maxWordStarts: fc.array(fc.integer({ min: -1, max: 8 }), { minLength: 8, maxLength: 8 }),
              keep: fc.array(fc.integer({ min: 1, max: 32 }), { maxLength: 3 }),
            }),
            { nil: undefined },
          ).map((filter): ExtendedReadRequest => (filter ? { ...r, filter } : r)),
    ),
  );

describe('the PostgreSQL reader', () => {
  it('answers every request kind, siblings pages and size-filtered pages included, as the memory store does, in one round trip per batch (two when its linked notes have links), on Doughnut’s table and on a renamed one (110 notebooks, some with links)', async () => {
    const reached = { notes: 0, ancestors: 0, cycles: 0, children: 0, referrings: 0, siblings: 0, linked: 0, linking: 0, leftOut: 0, scoped: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(randomNotebook({ maxNotes: 30 }), linkedNotebook(30)).map(storableInPostgres),
        readableNotebooks,
        fc.array(request(32), { minLength: 10, maxLength: 40 }).chain(withFilters),
        fc.integer({ min: 0, max: 40 }),
        async (fixture, readable, requests, detailsLimit) => {
          await dropNoteTables(database.db);
          await loadFixture(database.db, fixture);
          await loadFixture(database.db, fixture, {}, RENAMED);
          const scope: ReadScope = { detailsLimit, ...(readable && { readableNotebooks: new Set(readable) }) };
          const expected = comparable(requests, (await readWith(new MemoryNoteStore(fixture), requests, scope)).pages);
          // A second statement when a linked request's note is visible and has links, for their targets.
          const visible = (id: number) => fixture.notes.find((note) => note.id === id && note.deletedAt === undefined && (!readable || readable.includes(note.notebookId)));
          const second = requests.some((r) => r.kind === 'linked' && linkTargetsOf(visible(r.id)?.details).length > 0) ? 1 : 0;
          for (const store of [PostgresNoteStore.fromPool(database.pool), PostgresNoteStore.fromPool(database.pool, RENAMED)]) {
            const { pages, roundTrips } = await readWith(store, requests, scope);
            expect(comparable(requests, pages)).toEqual(expected);
            // The table's check, the snapshot's start, then the whole batch in one statement (and the targets').
            expect(roundTrips).toBe(3 + second);
            await store.idle();
          }
          const byId = new Map(fixture.notes.map((note) => [note.id, note]));
          requests.forEach((r, index) => {
            if (expected[index]!.length > 0) reached[r.kind === 'note' ? 'notes' : r.kind]++;
            if (r.kind === 'ancestors' && cycles(byId, r.id)) reached.cycles++;
            if (expected[index]!.some((note) => (note as FilteredRecord).leftOut || ((note as FilteredRecord).leftOutBefore ?? 0) > 0)) reached.leftOut++;
          });
          if (readable && expected.some((page) => page.length > 0)) reached.scoped++;
        },
      ),
      { numRuns: 110 },
    );
    console.log(`postgres reader: ${JSON.stringify(reached)}`);
    expect(reached.notes).toBeGreaterThan(50);
    expect(reached.ancestors).toBeGreaterThan(35);
    expect(reached.cycles).toBeGreaterThan(10);
    expect(reached.children).toBeGreaterThan(50);
    expect(reached.referrings).toBeGreaterThan(3);
    expect(reached.siblings).toBeGreaterThan(8);
    expect(reached.leftOut).toBeGreaterThan(20);
    expect(reached.scoped).toBeGreaterThan(6);
    expect(reached.linked).toBeGreaterThan(6);
    expect(reached.linking).toBeGreaterThan(4);
  });

  it('reads a 3,000-deep chain and a 3,000-long cycle whole, and stops a chain at a deleted or unreadable step', async () => {
    const depth = 3_000;
    const notes: NoteData[] = [];
    for (let index = 1; index <= depth; index++) notes.push({ id: index, title: `a${index}`, ...(index > 1 && { parentId: index - 1 }), siblingOrder: 0, notebookId: 1 });
    // A cycle: 10001 → 10002 → … → 13000 → 10001.
    for (let index = 1; index <= depth; index++) notes.push({ id: 10_000 + index, title: `c${index}`, parentId: 10_000 + (index === 1 ? depth : index - 1), siblingOrder: 0, notebookId: 1 });
    // Invisible steps: 20003's parent 20002 is deleted; 20013's parent 20012 is in notebook 2.
    notes.push(
      { id: 20_001, title: 'top', siblingOrder: 0, notebookId: 1 },
      { id: 20_002, title: 'deleted', parentId: 20_001, siblingOrder: 0, notebookId: 1, deletedAt: '2026-01-01T00:00:00Z' },
      { id: 20_003, title: 'below deleted', parentId: 20_002, siblingOrder: 0, notebookId: 1 },
      { id: 20_011, title: 'top', siblingOrder: 0, notebookId: 1 },
      { id: 20_012, title: 'elsewhere', parentId: 20_011, siblingOrder: 0, notebookId: 2 },
      { id: 20_013, title: 'below elsewhere', parentId: 20_012, siblingOrder: 0, notebookId: 1 },
    );
    const fixture: Fixture = { notebooks: [], notes };
    await dropNoteTables(database.db);
    await loadFixture(database.db, fixture, { batchSize: 5_000 });
    const store = PostgresNoteStore.fromPool(database.pool);
    const requests: ExtendedReadRequest[] = [
      { kind: 'ancestors', id: depth },
      { kind: 'ancestors', id: 10_001 },
      { kind: 'ancestors', id: 20_003 },
      { kind: 'ancestors', id: 20_013 },
    ];
    const { pages } = await readWith(store, requests, { detailsLimit: 5, readableNotebooks: new Set([1]) });
    const ids = pages.map((page) => page.map((note) => note.id).sort((a, b) => a - b));
    expect(ids[0]).toEqual(Array.from({ length: depth - 1 }, (_, index) => index + 1));
    expect(ids[1]).toEqual(Array.from({ length: depth - 1 }, (_, index) => 10_002 + index));
    expect(ids[2]).toEqual([]);
    expect(ids[3]).toEqual([]);
    await store.idle();
  });

  it('orders a NULL sibling order before every number and BIGINTs beyond 2^53 exactly, and pages on both', async () => {
    const children: NoteData[] = [1, 2, 3, 4, 5, 6].map((id) => ({ id: id + 1, title: `c${id}`, parentId: 1, siblingOrder: 0, notebookId: 1 }));
    await dropNoteTables(database.db);
    await loadFixture(database.db, { notebooks: [], notes: [{ id: 1, title: 'parent', siblingOrder: 0, notebookId: 1 }, ...children] });
    await sql`ALTER TABLE note ALTER COLUMN sibling_order DROP NOT NULL`.execute(database.db);
    // 2^60 + 1 and 2^60 are one number in JavaScript; only the database can tell them apart.
    const orders: Record<number, string | null> = { 2: '1152921504606846977', 3: null, 4: '-5', 5: '1152921504606846976', 6: null, 7: '9223372036854775807' };
    for (const [id, order] of Object.entries(orders)) await sql`UPDATE note SET sibling_order = ${order}::bigint WHERE id = ${Number(id)}`.execute(database.db);
    const store = PostgresNoteStore.fromPool(database.pool);
    const ascending = [3, 6, 4, 5, 2, 7];
    const page = (direction: 'asc' | 'desc', after?: SiblingKey, limit = 10): ExtendedReadRequest => ({ kind: 'children', parentId: 1, direction, limit, ...(after && { after }) });
    const { pages } = await readWith(
      store,
      [
        page('asc'),
        page('desc'),
        page('asc', { siblingOrder: null, id: 3 }),
        page('desc', { siblingOrder: null, id: 6 }),
        page('asc', { siblingOrder: -5, id: 4 }),
        page('asc', { siblingOrder: 2n ** 60n, id: 5 }),
      ],
      { detailsLimit: 5 },
    );
    const ids = pages.map((notes) => notes.map((note) => note.id));
    expect(ids[0]).toEqual(ascending);
    expect(ids[1]).toEqual([...ascending].reverse());
    expect(ids[2]).toEqual([6, 4, 5, 2, 7]);
    expect(ids[3]).toEqual([3]);
    expect(ids[4]).toEqual([5, 2, 7]);
    expect(ids[5]).toEqual([2, 7]);
    // Each order exactly: null for NULL, a number while safe, else a bigint; the core's rule orders them as SQL did.
    expect(pages[0]!.map((note) => note.siblingOrder)).toEqual([null, null, -5, 2n ** 60n, 2n ** 60n + 1n, 2n ** 63n - 1n]);
    expect([...pages[0]!].reverse().sort(compareSiblingKeys).map((note) => note.id)).toEqual(ascending);
    // Pages of two, each after the last note of the one before, cover every child once, both ways.
    for (const direction of ['asc', 'desc'] as const) {
      const seen: number[] = [];
      let after: SiblingKey | undefined;
      for (;;) {
        const { pages: [next] } = await readWith(store, [page(direction, after, 2)], { detailsLimit: 5 });
        if (next!.length === 0) break;
        seen.push(...next!.map((note) => note.id));
        after = next!.at(-1)!;
      }
      expect(seen, direction).toEqual(direction === 'asc' ? ascending : [...ascending].reverse());
    }
    // A build reads such rows: the parent lists its children in that order.
    const built = await buildContext(store, { focus: 1, budget: 10_000, tokenizer: 'one-per-note' });
    expect(built.result.focusNote.children).toEqual(ascending.map((id) => `[c${id - 1}](/n${id})`));
    await store.idle();
  });

  it('sees one snapshot for the whole of a build while others write', async () => {
    await dropNoteTables(database.db);
    await loadFixture(database.db, { notebooks: [], notes: [{ id: 1, title: 'before', siblingOrder: 0, notebookId: 1 }] });
    const store = PostgresNoteStore.fromPool(database.pool);
    const reader = await store.openReader({ detailsLimit: 5 });
    const first = await reader.read([{ kind: 'note', id: 1, full: true }]);
    await sql`UPDATE note SET topic_constructor = 'after'`.execute(database.db);
    const second = await reader.read([{ kind: 'note', id: 1, full: true }]);
    await reader.close();
    expect([first[0]![0]!.title, second[0]![0]!.title]).toEqual(['before', 'before']);
    const { pages } = await readWith(store, [{ kind: 'note', id: 1, full: true }], { detailsLimit: 5 });
    expect(pages[0]![0]!.title).toBe('after');
    await store.idle();
  });
});

/** Whether the parent chain from `id` comes back to a note already on it. */
function cycles(byId: ReadonlyMap<number, NoteData>, id: number): boolean {
  const seen = new Set<number>();
  for (let note = byId.get(id); note; note = byId.get(note.parentId ?? -1)) {
    if (seen.has(note.id)) return true;
    seen.add(note.id);
  }
  return false;
}
