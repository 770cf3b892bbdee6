// npx tsx bench/store-latency.ts [--builds 500] [--tokenizer o200k] [--budget 2000]
//                                 [--stores pool,kysely,memory] [--profile <path>] [--keep]
//
// The MySQL store's cost per build, quickly, without `npm run bench`: builds one after another
// over random foci of a generated 20,000-note notebook, through a store over a mysql2 pool, one
// over a Kysely instance and the in-memory store, beside the floor (a bare `SELECT 1` on a held
// pooled connection). Each focus is built by every store in turn, the order rotating, so that
// no store always meets a focus's texts first (token counts are memoised across builds).
// Prints median / p90 / p99 and the report's round trips; --profile writes a CPU profile of the
// timed builds to <path>.cpuprofile (use --stores to profile one store alone). The notebook is
// loaded into `note_context_store_latency`, dropped at the end unless --keep (then reused).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Kysely, MysqlDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { buildContext } from '../src/build-context.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import { renderJson } from '../src/result/render-json.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { parseMysqlUrl } from '../src/store/mysql/parse-mysql-url.js';
import type { NoteDatabase } from '../src/store/mysql/note-table.js';
import type { NoteStore } from '../src/store/note-store.js';
import { TEST_SERVER_URL } from '../test/support/mysql-test-database.js';
import { generateNotebooks } from './generate-notebook.js';
import { percentile } from './measure.js';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const BUILDS = Number(arg('builds', '500'));
const WARM_UP = 100;
const TOKENIZER = arg('tokenizer', 'o200k') as TokenizerName;
const BUDGET = Number(arg('budget', '2000'));
const STORES = arg('stores', 'pool,kysely,memory').split(',');
const PROFILE = process.argv.includes('--profile') ? arg('profile', 'store-latency') : undefined;
const DATABASE = 'note_context_store_latency';

const generated = generateNotebooks({ seed: 20261121, notes: 20_000, notebooks: 10, hubChildren: [2_000, 1_000], fanOuts: [10] });
const rng = xoroshiro128plus(7);
const foci = Array.from({ length: WARM_UP + BUILDS }, () => generated.ordinaryIds[uniformInt(rng, 0, generated.ordinaryIds.length - 1)]!);

const settings = parseMysqlUrl(TEST_SERVER_URL);
const admin = createPool({ ...settings, connectionLimit: 1 }).promise();
await admin.query(`CREATE DATABASE IF NOT EXISTS ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
const pool = createPool({ ...settings, database: DATABASE, connectionLimit: 4, charset: 'utf8mb4', supportBigNumbers: true });
const db = new Kysely<NoteDatabase>({ dialect: new MysqlDialect({ pool }) });
try {
  const loaded = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM note`.execute(db).then(({ rows }) => Number(rows[0]!.n), () => 0);
  if (loaded !== generated.fixture.notes.length) {
    await sql`DROP TABLE IF EXISTS note`.execute(db);
    await loadFixture(db, generated.fixture, { batchSize: 2_000 });
  }

  const floor: number[] = [];
  const held = await pool.promise().getConnection();
  for (let index = 0; index < WARM_UP + BUILDS; index++) {
    const started = performance.now();
    await held.query('SELECT 1');
    if (index >= WARM_UP) floor.push(performance.now() - started);
  }
  held.release();
  summary('SELECT 1', floor, []);

  const memory = new MemoryNoteStore(generated.fixture);
  const mysqlStores = { pool: MysqlNoteStore.fromPool(pool), kysely: new MysqlNoteStore(db) };
  const stores = STORES.map((name) => ({
    name,
    store: (name === 'memory' ? memory : mysqlStores[name as keyof typeof mysqlStores]) as NoteStore,
    times: [] as number[],
    trips: [] as number[],
  }));
  const options = (focus: number) => ({ focus, budget: BUDGET, tokenizer: TOKENIZER });

  let stopProfile: ((path: string) => Promise<void>) | undefined;
  for (const [index, focus] of foci.entries()) {
    if (index === WARM_UP && PROFILE) stopProfile = await startProfile();
    const expected = index < WARM_UP ? renderJson((await buildContext(memory, options(focus))).result) : undefined;
    for (let turn = 0; turn < stores.length; turn++) {
      const side = stores[(index + turn) % stores.length]!;
      const started = performance.now();
      const { result, report } = await buildContext(side.store, options(focus));
      const elapsed = performance.now() - started;
      // The warm-up builds check the stores agree; the timed ones are only timed.
      if (expected !== undefined && renderJson(result) !== expected) throw new Error(`${side.name} differs from memory on focus ${focus}`);
      if (index >= WARM_UP) {
        side.times.push(elapsed);
        side.trips.push(report.roundTrips);
      }
    }
  }
  await stopProfile?.(`${PROFILE}.cpuprofile`);
  for (const side of stores) summary(`${side.name} ${TOKENIZER} ${BUDGET}`, side.times, side.name === 'memory' ? [] : side.trips);
  await Promise.all(Object.values(mysqlStores).map((store) => store.destroy()));
} finally {
  await db.destroy();
  if (!process.argv.includes('--keep')) await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.end();
}

function summary(label: string, times: number[], trips: number[]): void {
  times.sort((a, b) => a - b);
  trips.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(2).padStart(6);
  console.log(
    `${label.padEnd(22)} median ${ms(percentile(times, 50))}  p90 ${ms(percentile(times, 90))}  p99 ${ms(percentile(times, 99))} ms` +
      (trips.length > 0 ? `   round trips median ${percentile(trips, 50)}, max ${trips[trips.length - 1]}` : ''),
  );
}

async function startProfile(): Promise<(path: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async (path) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path, JSON.stringify(profile));
    session.disconnect();
  };
}
