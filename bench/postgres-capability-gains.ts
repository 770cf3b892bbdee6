// npx tsx bench/postgres-capability-gains.ts: what each optional capability of the PostgreSQL
// store buys in round trips. The same builds run over the store as it is, and over it with its
// readers' `readExtended` (siblings pages and size-filtered pages) hidden from the core; results
// must not change (each variant's JSON is compared with the store's own). Notebooks: the sample
// notebook (every visible note a focus) and a hub with 3,000 children and 3,000 referring notes
// (the hub, its parent, a child, a referring note, a hub sibling, the root).
import { readFileSync } from 'node:fs';
import { buildContext } from '../src/build-context.js';
import { renderJson } from '../src/result/render-json.js';
import type { Fixture } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import type { NoteReader, NoteStore } from '../src/store/note-store.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { hubNotebook } from '../test/support/hub-notebook.js';
import { createPostgresTestDatabase, dropNoteTables } from '../test/support/postgres-test-database.js';

const BUDGETS = [500, 2_000];
const VARIANTS: Record<string, boolean> = {
  'with readExtended (as shipped)': false,
  'without readExtended': true,
};

/** The store with its readers' `readExtended` (siblings pages and size-filtered pages) hidden, when `hidden`. */
function hiding(store: NoteStore, hidden: boolean): NoteStore {
  return {
    openReader: async (scope, signal) => {
      const reader = await store.openReader(scope, signal);
      return {
        ...(!hidden && reader.readExtended && { readExtended: (requests) => reader.readExtended!(requests) }),
        read: (requests) => reader.read(requests),
        close: () => reader.close(),
        get roundTrips() {
          return reader.roundTrips;
        },
      } satisfies NoteReader;
    },
  };
}

const database = await createPostgresTestDatabase();
const sample = JSON.parse(readFileSync('fixtures/sample-notebook.json', 'utf8')) as Fixture;
const notebooks: { name: string; fixture: Fixture; foci: number[] }[] = [
  { name: 'sample notebook, every visible note', fixture: sample, foci: sample.notes.filter((note) => note.deletedAt === undefined).map((note) => note.id) },
  { name: 'hub of 3,000 + 3,000 (hub, parent, child, referring, hub sibling, root)', fixture: hubNotebook(3_000, 3_000), foci: [3, 2, 20, 3_020, 11, 1] },
];
const lines: string[] = ['| notebook | budget | variant | round trips: mean | median | max | per focus (hub) |', '|---|---|---|---|---|---|---|'];
try {
  for (const { name, fixture, foci } of notebooks) {
    await dropNoteTables(database.db);
    await loadFixture(database.db, fixture);
    const store = PostgresNoteStore.fromPool(database.pool);
    await buildContext(store, { focus: foci[0]!, budget: 10 }); // the table's check, once per store
    for (const budget of BUDGETS) {
      const expected = new Map<number, string>();
      for (const [variant, hidden] of Object.entries(VARIANTS)) {
        const trips: number[] = [];
        for (const focus of foci) {
          const { result, report } = await buildContext(hiding(store, hidden), { focus, budget, tokenizer: 'o200k' });
          const json = renderJson(result);
          if (!expected.has(focus)) expected.set(focus, json);
          else if (expected.get(focus) !== json) throw new Error(`${variant} changed the result for focus ${focus}`);
          trips.push(report.roundTrips);
        }
        const sorted = [...trips].sort((a, b) => a - b);
        const mean = trips.reduce((sum, trip) => sum + trip, 0) / trips.length;
        const perFocus = foci.length <= 6 ? trips.join(', ') : '';
        lines.push(`| ${name} | ${budget} | ${variant} | ${mean.toFixed(2)} | ${sorted[Math.floor(sorted.length / 2)]} | ${sorted.at(-1)} | ${perFocus} |`);
      }
    }
    await store.idle();
  }
} finally {
  await database.drop();
}
console.log(lines.join('\n'));
