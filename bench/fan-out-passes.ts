// npx tsx bench/fan-out-passes.ts [--n=100000] [--builds=3] [--engines=mysql,postgres] [--with-index] [--other=DIR]
// A build beside a focus with N children and N referring notes (the fan-out notebook of
// bench/generate-notebook.ts) set against one server-side pass over the candidates it must look
// at: `SELECT COUNT(*), SUM(LENGTH(details))` over them, timed just before each build, on Doughnut's
// DDL (with `--with-index`, the recommended index added). Foci: the hub (its children and its
// referring notes), a child of it (its siblings), a referring note (its siblings, its parent's
// siblings and their children, the cousins it may be offered).
// Prints, per engine and focus, the median build in passes, ms and round trips.
// With `--other=DIR` (a checkout built with `npm run build`) both checkouts' compiled libraries
// build in turns (this one first on even rounds) and every result is checked equal.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Pool } from 'mysql2/promise';
import type pg from 'pg';
import { createPostgresTestDatabase } from '../test/support/postgres-test-database.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { RECOMMENDED_INDEX_DDL_POSTGRES } from './doughnut-note-ddl-postgres.js';
import { generateNotebooks } from './generate-notebook.js';
import { loadDoughnutTablePostgres } from './load-doughnut-table-postgres.js';
import { loadDoughnutTable } from './load-doughnut-table.js';
import { markdownTable, percentile } from './measure.js';

interface Library {
  buildContext(store: unknown, options: object): Promise<{ result: unknown; report: { roundTrips: number } }>;
  renderJson(result: unknown): string;
  MysqlNoteStore: { fromPool(pool: unknown): Store };
  PostgresNoteStore: { fromPool(pool: unknown): Store };
}
interface Store { destroy(): Promise<void> }

const argument = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const N = Number(argument('n') ?? 100_000);
const BUILDS = Number(argument('builds') ?? 3);
const engines = (argument('engines') ?? 'mysql,postgres').split(',');
const withIndex = process.argv.includes('--with-index');
const directories = [resolve('.'), ...(argument('other') === undefined ? [] : [resolve(argument('other')!)])];

const load = async (directory: string): Promise<Library> => {
  const module = (path: string) => import(pathToFileURL(resolve(directory, path)).href);
  const [root, mysql, postgres] = await Promise.all([module('dist/index.js'), module('dist/store/mysql/index.js'), module('dist/store/postgres/index.js')]);
  return { ...root, ...mysql, ...postgres } as Library;
};
const libraries = await Promise.all(directories.map(load));

const generatedNotebooks = generateNotebooks({ seed: 20261121, notes: 2_000, notebooks: 2, hubChildren: [], fanOuts: [N] });
/** Details cut to what Doughnut's `description` column holds (21,845 code points of up to 3 bytes). */
const fitted = (details: string | undefined) => (details === undefined || details.length <= 21_845 ? details : [...details].slice(0, 21_845).join(''));
const generated = {
  ...generatedNotebooks,
  fixture: { ...generatedNotebooks.fixture, notes: generatedNotebooks.fixture.notes.map((note) => ({ ...note, details: fitted(note.details) })) },
};
const notes = generated.fixture.notes;
const hub = generated.fanOutFoci[0]!.id;
const children = notes.filter((note) => note.parentId === hub);
const referrers = notes.filter((note) => note.objectId === hub);
const child = children[Math.floor(children.length / 2)]!.id;
const referrer = referrers[Math.floor(referrers.length / 2)]!;
const container = notes.find((note) => note.id === referrer.parentId)!;

const visible = 'deleted_at IS NULL';
const foci = [
  { name: 'the hub', id: hub, pass: `SELECT description FROM note WHERE parent_id = ${hub} AND ${visible} UNION ALL SELECT description FROM note WHERE target_note_id = ${hub} AND ${visible}` },
  { name: 'a child', id: child, pass: `SELECT description FROM note WHERE parent_id = ${hub} AND ${visible}` },
  { name: 'a referring note', id: referrer.id, pass: `SELECT description FROM note WHERE parent_id = ${container.parentId} AND ${visible} UNION ALL SELECT description FROM note WHERE parent_id IN (SELECT id FROM note WHERE parent_id = ${container.parentId}) AND ${visible}` },
];
const passOf = (candidates: string) => `SELECT COUNT(*), SUM(LENGTH(description)) FROM (${candidates}) AS candidates`;

interface Engine { name: string; query(text: string): Promise<void>; store(library: Library): Store; close(): Promise<void> }

async function openMysql(): Promise<Engine> {
  const database = await createTestDatabase();
  const pool: Pool = database.pool.promise();
  await loadDoughnutTable(pool, generated.fixture);
  if (withIndex) await pool.query('CREATE INDEX idx_note_parent_sibling_order ON note (parent_id, sibling_order, id)');
  await pool.query('ANALYZE TABLE note');
  return {
    name: 'MySQL',
    query: async (text) => void (await pool.query(text)),
    store: (library) => library.MysqlNoteStore.fromPool(database.pool),
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

async function openPostgres(): Promise<Engine> {
  const database = await createPostgresTestDatabase();
  const pool: pg.Pool = database.pool;
  await loadDoughnutTablePostgres(pool, generated.fixture);
  if (withIndex) await pool.query(RECOMMENDED_INDEX_DDL_POSTGRES);
  await pool.query('ANALYZE note');
  return {
    name: 'PostgreSQL',
    query: async (text) => void (await pool.query(text)),
    store: (library) => library.PostgresNoteStore.fromPool(pool),
    close: () => database.drop(),
  };
}

const rows: (string | number)[][] = [];
for (const engineName of engines) {
  const engine = engineName === 'mysql' ? await openMysql() : await openPostgres();
  try {
    const stores = libraries.map((library) => engine.store(library));
    for (const focus of foci) {
      const options = { focus: focus.id, budget: 2_000, tokenizer: 'o200k' };
      // One of each, untimed: the server's caches warm for both.
      await engine.query(passOf(focus.pass));
      for (const [side, library] of libraries.entries()) await library.buildContext(stores[side], options);
      const passes = libraries.map(() => [] as number[]);
      const builds = libraries.map(() => [] as number[]);
      const trips = libraries.map(() => [] as number[]);
      for (let round = 0; round < BUILDS; round++) {
        const order = round % 2 === 0 ? libraries.map((_, side) => side) : libraries.map((_, side) => side).reverse();
        const answers: string[] = [];
        for (const side of order) {
          const library = libraries[side]!;
          let start = performance.now();
          await engine.query(passOf(focus.pass));
          passes[side]!.push(performance.now() - start);
          start = performance.now();
          const { result, report } = await library.buildContext(stores[side], options);
          builds[side]!.push(performance.now() - start);
          trips[side]!.push(report.roundTrips);
          answers.push(library.renderJson(result));
        }
        if (new Set(answers).size > 1) throw new Error(`${engine.name}, ${focus.name}: the checkouts' results differ`);
      }
      for (const [side, directory] of directories.entries()) {
        const build = percentile(builds[side]!.sort((a, b) => a - b), 50);
        const pass = percentile(passes[side]!.sort((a, b) => a - b), 50);
        const row = [engine.name, focus.name, directory, (build / pass).toFixed(2), build.toFixed(0), pass.toFixed(0), Math.max(...trips[side]!)];
        rows.push(row);
        console.log(row.join(' | '));
      }
    }
    await Promise.all(stores.map((store) => store.destroy()));
  } finally {
    await engine.close();
  }
}
console.log(`\nN = ${N.toLocaleString('en')}, ${BUILDS} builds a line, Doughnut's DDL${withIndex ? ' with the recommended index' : ''}, Node ${process.version}\n`);
console.log(markdownTable(['engine', 'focus', 'checkout', 'build in passes (median)', 'build median ms', 'pass median ms', 'round trips'], rows));
