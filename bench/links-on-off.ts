// npx tsx bench/links-on-off.ts [--rounds=5]: builds of every visible note of the sample notebook
// (which has links), o200k, budget 2,000, with links off and on, taking turns build by build, on
// the memory store, MySQL (NOTE_CONTEXT_TEST_DB) and PostgreSQL (NOTE_CONTEXT_TEST_POSTGRES), each
// table with Doughnut's columns and the recommended index. Prints median and p90 ms and the mean
// round trips of each side.
import { readFileSync } from 'node:fs';
import { buildContext } from '../src/build-context.js';
import { parseFixture } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { createPostgresTestDatabase } from '../test/support/postgres-test-database.js';
import { markdownTable, percentile } from './measure.js';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
const fixture = parseFixture(JSON.parse(readFileSync(new URL('../fixtures/sample-notebook.json', import.meta.url), 'utf8')));
const foci = fixture.notes.filter((note) => note.deletedAt === undefined).map((note) => note.id);

const mysql = await createTestDatabase();
const postgres = await createPostgresTestDatabase();
await loadFixture(mysql.db, fixture);
await loadFixture(postgres.db, fixture);
const stores: [string, NoteStore][] = [
  ['memory', new MemoryNoteStore(fixture)],
  ['MySQL', MysqlNoteStore.fromPool(mysql.pool)],
  ['PostgreSQL', PostgresNoteStore.fromPool(postgres.pool)],
];
const rows: string[][] = [];
try {
  for (const [name, store] of stores) {
    const times = { off: [] as number[], on: [] as number[] };
    const trips = { off: 0, on: 0 };
    // A first pass warms the tokenizer, the store's caches and the server's plans.
    for (const focus of foci) await buildContext(store, { focus, budget: 2_000, links: true });
    for (let round = 0; round < rounds; round++) {
      for (const [index, focus] of foci.entries()) {
        const order = (index + round) % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const side of order) {
          const started = performance.now();
          const { report } = await buildContext(store, { focus, budget: 2_000, links: side === 'on' });
          times[side].push(performance.now() - started);
          trips[side] += report.roundTrips;
        }
      }
    }
    const builds = rounds * foci.length;
    for (const side of ['off', 'on'] as const) times[side].sort((a, b) => a - b);
    const line = (side: 'off' | 'on') => `${percentile(times[side], 50).toFixed(2)} / ${percentile(times[side], 90).toFixed(2)}`;
    rows.push([name, line('off'), line('on'), (percentile(times.on, 50) / percentile(times.off, 50)).toFixed(2), `${(trips.off / builds).toFixed(2)} / ${(trips.on / builds).toFixed(2)}`]);
  }
} finally {
  await mysql.drop();
  await postgres.drop();
}
console.log(`${foci.length} foci × ${rounds} rounds, o200k 2,000\n`);
console.log(markdownTable(['store', 'links off: median / p90 ms', 'links on: median / p90 ms', 'on ÷ off (median)', 'round trips off / on'], rows));
