// npm run bench [-- --quick]: build latency and round trips, printed and written to
// docs/benchmarks.md. Everything it needs it makes itself (a throwaway MariaDB database).
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { buildContext } from '../src/build-context.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { readFixtureFile, type Fixture } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { hubNotebook } from '../test/support/hub-notebook.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';

const quick = process.argv.includes('--quick');
const BUILDS = quick ? 200 : 2000;

interface Row {
  readonly what: string;
  readonly builds: number;
  readonly median: number;
  readonly p90: number;
  readonly p99: number;
  readonly trips: string;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(what: string, store: NoteStore, foci: readonly number[], budget: number, tokenizer: TokenizerName, builds: number): Promise<Row> {
  // Warm up: JIT, tokenizer tables, pool connections.
  for (let index = 0; index < Math.min(50, builds); index++) await buildContext(store, { focus: foci[index % foci.length]!, budget, tokenizer });
  const times: number[] = [];
  const trips: number[] = [];
  for (let index = 0; index < builds; index++) {
    const started = performance.now();
    const { report } = await buildContext(store, { focus: foci[index % foci.length]!, budget, tokenizer });
    times.push(performance.now() - started);
    trips.push(report.roundTrips);
  }
  times.sort((a, b) => a - b);
  trips.sort((a, b) => a - b);
  return {
    what,
    builds,
    median: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    trips: trips[trips.length - 1] === 0 ? '–' : `${percentile(trips, 50)} / ${trips[trips.length - 1]}`,
  };
}

function table(rows: readonly Row[]): string {
  const lines = ['| build | builds | median ms | p90 ms | p99 ms | round trips (median / max) |', '|---|---:|---:|---:|---:|---:|'];
  for (const row of rows) {
    lines.push(`| ${row.what} | ${row.builds} | ${row.median.toFixed(2)} | ${row.p90.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.trips} |`);
  }
  return lines.join('\n');
}

const sample: Fixture = await readFixtureFile(new URL('../fixtures/sample-notebook.json', import.meta.url).pathname);
const sampleIds = sample.notes.filter((note) => note.deletedAt === undefined).map((note) => note.id);
const rows: Row[] = [];

const memory = new MemoryNoteStore(sample);
for (const tokenizer of ['o200k', 'estimate'] as const) {
  rows.push(await measure(`sample notebook, memory store, ${tokenizer}, budget 2000, every note in turn`, memory, sampleIds, 2000, tokenizer, BUILDS));
}

const database = await createTestDatabase();
try {
  await loadFixture(database.db, sample);
  const mysql = new MysqlNoteStore(database.db);
  for (const tokenizer of ['o200k', 'estimate'] as const) {
    rows.push(await measure(`sample notebook, MySQL store, ${tokenizer}, budget 2000, every note in turn`, mysql, sampleIds, 2000, tokenizer, BUILDS));
  }
  await sql`DROP TABLE note`.execute(database.db);
  await loadFixture(database.db, hubNotebook(5000, 5000));
  const hubBuilds = quick ? 20 : 200;
  for (const tokenizer of ['o200k', 'estimate'] as const) {
    rows.push(await measure(`hub (5,000 children, 5,000 referrings), MySQL, ${tokenizer}, budget 2000`, mysql, [3], 2000, tokenizer, hubBuilds));
    rows.push(await measure(`ordinary note beside the hub, MySQL, ${tokenizer}, budget 2000`, mysql, [11], 2000, tokenizer, BUILDS));
    rows.push(await measure(`a child of the hub (4,999 siblings), MySQL, ${tokenizer}, budget 2000`, mysql, [20], 2000, tokenizer, hubBuilds));
    rows.push(await measure(`a referring note of the hub (4,999 cousins), MySQL, ${tokenizer}, budget 2000`, mysql, [5020], 2000, tokenizer, hubBuilds));
  }
  const hubMemory = new MemoryNoteStore(hubNotebook(5000, 5000));
  rows.push(await measure('hub (5,000 children, 5,000 referrings), memory, o200k, budget 2000', hubMemory, [3], 2000, 'o200k', hubBuilds));
} finally {
  await database.drop();
}

const report = table(rows);
console.log(report);
const machine = `node ${process.version}, ${(await import('node:os')).cpus().length} cores, local MariaDB`;
writeFileSync(
  new URL('../docs/benchmarks.md', import.meta.url),
  `# Benchmarks\n\nMade by \`npm run bench${quick ? ' -- --quick' : ''}\` on ${machine}. Times are wall-clock per build, ` +
    'measured in process after a warm-up; round trips come from each build\'s report (start, reads, end).\n\n' +
    `${report}\n\n` +
    '## What the figures say\n\n' +
    '- Every build here costs at most 10 round trips: ordinary notes, the hub, a child of the hub (4,999\n' +
    '  siblings) and a note referring to it (4,999 cousins). Candidates that cannot fit any more are counted\n' +
    '  in SQL and stepped over, not read (README, "Stepping over what cannot fit").\n' +
    '- In memory a build takes about a millisecond or less, a hub a few.\n' +
    '- Still to measure (issue 4): a 100,000-note notebook, fan-out to 100,000, throughput, memory, and an\n' +
    '  ORM-style baseline.\n',
);
