// A build beside a focus with N children and N referring notes (the fan-out notebook of
// bench/generate-notebook.ts) set against one server-side pass over the candidates it must look
// at: `SELECT COUNT(*), SUM(LENGTH(details))` over them, timed just before each build, on Doughnut's
// DDL (with `--with-index`, the recommended index added). Foci: the hub (its children and its
// referring notes), a child of it (its siblings), a referring note (its siblings, its parent's
// siblings and their children, the cousins it may be offered). `--notebook=heavy-tailed` builds beside
// test/fan-out.test.ts's hub instead, whose notes are mostly so short that every build must price
// almost every candidate exactly to be exact (spec section 4).
//
// Part of `npm run bench` (its section "Fan-out against one pass"); alone:
//   npx tsx bench/fan-out-passes.ts [--n=100000] [--builds=3] [--engines=mysql,postgres] [--with-index] [--other=DIR]
//     [--notebook=generated|heavy-tailed]
// It builds with the compiled library (dist/, `npm run build`). With `--other=DIR`, another checkout
// built the same way builds too, in turns with this one (this one first on even rounds), and every
// result is checked equal: before and after a change, at the same moment of the machine.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Pool } from 'mysql2/promise';
import type pg from 'pg';
import { heavyTailedFanOut, HUB } from '../test/support/heavy-tailed-fan-out.js';
import { createPostgresTestDatabase } from '../test/support/postgres-test-database.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { RECOMMENDED_INDEX_DDL_POSTGRES } from './doughnut-note-ddl-postgres.js';
import { generateNotebooks } from './generate-notebook.js';
import { loadDoughnutTablePostgres } from './load-doughnut-table-postgres.js';
import { loadDoughnutTable } from './load-doughnut-table.js';
import { markdownTable, percentile } from './measure.js';

export interface FanOutPassesOptions {
  /** Children and referring notes of the hub (the heavy-tailed notebook has 100,000). */
  readonly n: number;
  readonly notebook: 'generated' | 'heavy-tailed';
  /** Builds per focus and checkout. */
  readonly builds: number;
  readonly engines: readonly ('mysql' | 'postgres')[];
  readonly withIndex: boolean;
  /** Checkouts whose dist/ builds, in turns: the first is the one reported as "this". */
  readonly checkouts: readonly string[];
  readonly log?: (line: string) => void;
}

interface Library {
  buildContext(store: unknown, options: object): Promise<{ result: unknown; report: { roundTrips: number } }>;
  renderJson(result: unknown): string;
  MysqlNoteStore: { fromPool(pool: unknown): Store };
  PostgresNoteStore: { fromPool(pool: unknown): Store };
}
interface Store { destroy(): Promise<void> }
interface Engine { name: string; query(text: string): Promise<void>; store(library: Library): Store; close(): Promise<void> }

const load = async (directory: string): Promise<Library> => {
  const module = (path: string) => import(pathToFileURL(resolve(directory, path)).href);
  const [root, mysql, postgres] = await Promise.all([module('dist/index.js'), module('dist/store/mysql/index.js'), module('dist/store/postgres/index.js')]);
  return { ...root, ...mysql, ...postgres } as Library;
};

/** Details cut to what Doughnut's `description` column holds (21,845 code points of up to 3 bytes each). */
const fitted = (details: string | undefined) => (details === undefined || details.length <= 21_845 ? details : [...details].slice(0, 21_845).join(''));

/** Measures every line and returns the section's markdown. */
export async function fanOutPassesSection(options: FanOutPassesOptions): Promise<string> {
  const log = options.log ?? (() => {});
  const libraries = await Promise.all(options.checkouts.map(load));
  const generated =
    options.notebook === 'generated' ? generateNotebooks({ seed: 20261121, notes: 2_000, notebooks: 2, hubChildren: [], fanOuts: [options.n] }) : undefined;
  const notes = generated?.fixture.notes ?? heavyTailedFanOut();
  const fixture = { notebooks: [{ id: 1, name: 'Fan-out' }], ...generated?.fixture, notes: notes.map((note) => ({ ...note, details: fitted(note.details) })) };
  const hub = generated?.fanOutFoci[0]!.id ?? HUB;
  const children = fixture.notes.filter((note) => note.parentId === hub);
  const referrers = fixture.notes.filter((note) => note.objectId === hub);
  const referrer = referrers[Math.floor(referrers.length / 2)]!;
  const references = fixture.notes.find((note) => note.id === referrer.parentId)!.parentId!;
  const visible = 'deleted_at IS NULL';
  const foci = [
    { name: 'the hub', id: hub, pass: `SELECT description FROM note WHERE parent_id = ${hub} AND ${visible} UNION ALL SELECT description FROM note WHERE target_note_id = ${hub} AND ${visible}` },
    { name: 'a child', id: children[Math.floor(children.length / 2)]!.id, pass: `SELECT description FROM note WHERE parent_id = ${hub} AND ${visible}` },
    {
      name: 'a referring note', id: referrer.id,
      pass: `SELECT description FROM note WHERE parent_id = ${references} AND ${visible} UNION ALL SELECT description FROM note WHERE parent_id IN (SELECT id FROM note WHERE parent_id = ${references}) AND ${visible}`,
    },
  ];
  const passOf = (candidates: string) => `SELECT COUNT(*), SUM(LENGTH(description)) FROM (${candidates}) AS candidates`;

  const openMysql = async (): Promise<Engine> => {
    const database = await createTestDatabase();
    const pool: Pool = database.pool.promise();
    await loadDoughnutTable(pool, fixture);
    if (options.withIndex) await pool.query('CREATE INDEX idx_note_parent_sibling_order ON note (parent_id, sibling_order, id)');
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
  };
  const openPostgres = async (): Promise<Engine> => {
    const database = await createPostgresTestDatabase();
    const pool: pg.Pool = database.pool;
    await loadDoughnutTablePostgres(pool, fixture);
    if (options.withIndex) await pool.query(RECOMMENDED_INDEX_DDL_POSTGRES);
    await pool.query('ANALYZE note');
    return { name: 'PostgreSQL', query: async (text) => void (await pool.query(text)), store: (library) => library.PostgresNoteStore.fromPool(pool), close: () => database.drop() };
  };

  const rows: (string | number)[][] = [];
  for (const engineName of options.engines) {
    const engine = engineName === 'mysql' ? await openMysql() : await openPostgres();
    try {
      const stores = libraries.map((library) => engine.store(library));
      for (const focus of foci) {
        const buildOptions = { focus: focus.id, budget: 2_000, tokenizer: 'o200k' };
        // One of each, untimed: the server's caches warm for every side.
        await engine.query(passOf(focus.pass));
        for (const [side, library] of libraries.entries()) await library.buildContext(stores[side], buildOptions);
        const passes = libraries.map(() => [] as number[]);
        const builds = libraries.map(() => [] as number[]);
        const trips = libraries.map(() => [] as number[]);
        for (let round = 0; round < options.builds; round++) {
          const sides = libraries.map((_, side) => side);
          const answers: string[] = [];
          for (const side of round % 2 === 0 ? sides : sides.reverse()) {
            const library = libraries[side]!;
            let start = performance.now();
            await engine.query(passOf(focus.pass));
            passes[side]!.push(performance.now() - start);
            start = performance.now();
            const { result, report } = await library.buildContext(stores[side], buildOptions);
            builds[side]!.push(performance.now() - start);
            trips[side]!.push(report.roundTrips);
            answers.push(library.renderJson(result));
          }
          if (new Set(answers).size > 1) throw new Error(`${engine.name}, ${focus.name}: the checkouts' results differ`);
        }
        for (const [side, checkout] of options.checkouts.entries()) {
          const median = (values: number[]) => percentile(values.sort((a, b) => a - b), 50);
          const [build, pass] = [median(builds[side]!), median(passes[side]!)];
          const row = [engine.name, focus.name, ...(libraries.length > 1 ? [side === 0 ? 'this' : checkout] : []), (build / pass).toFixed(2), build.toFixed(0), pass.toFixed(0), Math.max(...trips[side]!)];
          rows.push(row);
          log(`  ${row.join(' | ')}`);
        }
      }
      await Promise.all(stores.map((store) => store.destroy()));
    } finally {
      await engine.close();
    }
  }
  return (
    `A focus with N = ${children.length.toLocaleString('en')} children and ${referrers.length.toLocaleString('en')} referring notes (${options.notebook === 'generated' ? "the generated notebook's fan-out focus" : "test/fan-out.test.ts's heavy-tailed hub"}), on Doughnut's DDL${options.withIndex ? ' with the recommended index' : ''} (budget 2,000, o200k), ` +
    `each build set against one pass over the candidates it must look at (\`SELECT COUNT(*), SUM(LENGTH(description))\`, timed just before it; see bench/fan-out-passes.ts), ` +
    `${options.builds} builds a line, medians.\n\n` +
    markdownTable(['engine', 'focus', ...(libraries.length > 1 ? ['checkout'] : []), 'build in passes', 'build ms', 'pass ms', 'round trips (most)'], rows)
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argument = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const other = argument('other');
  console.log(
    await fanOutPassesSection({
      n: Number(argument('n') ?? 100_000),
      notebook: argument('notebook') === 'heavy-tailed' ? 'heavy-tailed' : 'generated',
      builds: Number(argument('builds') ?? 3),
      engines: (argument('engines') ?? 'mysql,postgres').split(',') as ('mysql' | 'postgres')[],
      withIndex: process.argv.includes('--with-index'),
      checkouts: [resolve('.'), ...(other === undefined ? [] : [resolve(other)])],
      log: console.log,
    }),
  );
  console.log(`\nNode ${process.version}`);
}
