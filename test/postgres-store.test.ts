import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { runCli } from '../src/cli/run-cli.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { hubNotebook } from './support/hub-notebook.js';
import { createPostgresTestDatabase, dropNoteTables, type PostgresTestDatabase } from './support/postgres-test-database.js';
import { notebookWithHub, randomNotebook, readableNotebooks, storableInMysql } from './support/random-notebook.js';
import { RENAMED } from './support/store-kinds.js';

let database: PostgresTestDatabase;
beforeAll(async () => {
  database = await createPostgresTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** A build's result and report as JSON, round trips aside (the only field stores may differ in). */
async function outcomeOf(build: Promise<{ result: unknown; report: { roundTrips: number } }>): Promise<string> {
  return build.then(
    ({ result, report }) => JSON.stringify({ result, report: { ...report, roundTrips: undefined } }),
    (error: Error) => error.name,
  );
}

describe('the PostgreSQL store', () => {
  it('gives the in-memory store’s result and report, byte for byte, on random notebooks and hubs, on Doughnut’s table and a renamed one (30 notebooks)', async () => {
    const notebooks = fc
      .oneof(randomNotebook(), notebookWithHub().map(({ fixture }) => fixture))
      .map(storableInMysql)
      .map((fixture) => ({ ...fixture, notes: fixture.notes.map((note) => ({ ...note, title: note.title.replaceAll('\0', '?'), ...(note.details !== undefined && { details: note.details.replaceAll('\0', '?') }) })) }));
    let built = 0;
    await fc.assert(
      fc.asyncProperty(notebooks, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2500 }), readableNotebooks), { minLength: 2, maxLength: 2 }), async (fixture, builds) => {
        await dropNoteTables(database.db);
        await loadFixture(database.db, fixture);
        await loadFixture(database.db, fixture, { recommendedIndex: false }, RENAMED);
        const stores = [PostgresNoteStore.fromPool(database.pool), PostgresNoteStore.fromPool(database.pool, RENAMED)];
        const memory = new MemoryNoteStore(fixture);
        for (const [pick, budget, readable] of builds) {
          const focus = 1 + (pick % fixture.notes.length);
          for (const tokenizer of ['o200k', 'estimate'] as const) {
            const options = { focus, budget, tokenizer, ...(readable && { readableNotebooks: readable }) };
            const expected = await outcomeOf(buildContext(memory, options));
            for (const store of stores) expect(await outcomeOf(buildContext(store, options))).toBe(expected);
            if (expected.startsWith('{')) built++;
          }
        }
        await Promise.all(stores.map((store) => store.idle()));
      }),
      { numRuns: 30 },
    );
    expect(built).toBeGreaterThan(60);
  });

  it('round trips around a hub with 300, then 3,000 children and referring notes: exactly the same at either size', async () => {
    const tripsFor = async (fanOut: number) => {
      await dropNoteTables(database.db);
      await loadFixture(database.db, hubNotebook(fanOut, fanOut));
      const store = PostgresNoteStore.fromPool(database.pool);
      await buildContext(store, { focus: 1, budget: 10, tokenizer: 'estimate' }); // the table's check, once
      const trips: number[] = [];
      // The hub, its parent, a child, a referring note, a hub sibling, the root.
      for (const focus of [3, 2, 20, 20 + fanOut, 11, 1]) trips.push((await buildContext(store, { focus, budget: 2000, tokenizer: 'estimate' })).report.roundTrips);
      await store.idle();
      return trips;
    };
    const small = await tripsFor(300);
    const large = await tripsFor(3_000);
    // Exact, and the same at either size: a child (2,999 siblings) and a referring note (2,999
    // cousins) too, as the size filter leaves out in SQL the notes too large to fit, so a starved
    // walk does not read them page by page.
    expect(small).toEqual([4, 2, 5, 8, 4, 2]);
    expect(large).toEqual(small);
  });

  it('the CLI loads a fixture into PostgreSQL under its own names and builds from it, as from the file', async () => {
    await dropNoteTables(database.db);
    const dir = mkdtempSync(join(tmpdir(), 'note-context-pg-'));
    const file = join(dir, 'hub.json');
    writeFileSync(file, JSON.stringify(hubNotebook(20, 5)));
    const run = async (...argv: string[]) => {
      let stdout = '';
      let stderr = '';
      const code = await runCli(argv, (text) => (stdout += text), (text) => (stderr += text));
      return { code, stdout, stderr };
    };
    const names = ['--table', 'app.notes', '--columns', 'title=name,details=body,parentId=parent'];
    const loaded = await run('load', '--db', database.url, ...names, file);
    expect(loaded).toMatchObject({ code: 0, stderr: 'note-context: loaded 33 notes\n' });
    const fromFile = await run('build', '--db', file, '--focus', '3', '--budget', '300', '--format', 'prompt');
    const fromDb = await run('build', '--db', database.url, ...names, '--focus', '3', '--budget', '300', '--format', 'prompt');
    expect(fromDb.code).toBe(0);
    expect(fromDb.stdout).toBe(fromFile.stdout);
    // A column the table does not have: one line naming it.
    const wrong = await run('build', '--db', database.url, '--table', 'app.notes', '--columns', 'title=label', '--focus', '3', '--budget', '300');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toBe('note-context: the notes table "app.notes" has no column "label" (option columns.title)\n');
    const noTable = await run('build', '--table', 'notes', '--focus', '3', '--budget', '300');
    expect(noTable).toMatchObject({ code: 2, stderr: 'note-context: invalid input: --table: only with a mysql:// or postgres:// --db\n' });
  });
});
