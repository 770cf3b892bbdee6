// The benchmark on what Doughnut users have: Doughnut's own `note` table with only Doughnut's
// indexes, a hub-heavy notebook (bench/generate-hub-heavy-notebook.ts), and beside it the same
// table with the recommended index. Every line is set next to a trivial `SELECT 1` round trip
// (database lines) or bare `node -e 0` (CLI lines) measured in the same run.
//
// Part of `npm run bench` (its section "Doughnut's own schema"); alone, quicker:
//   npx tsx bench/doughnut-schema.ts [--quick] [--no-cli]
// (--no-cli leaves the CLI lines out; otherwise the CLI is built first with `npm run build`).
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { buildContext } from '../src/build-context.js';
import { renderJson } from '../src/result/render-json.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { BENCH_ENGINES } from './bench-engines.js';
import { measureCliStartup } from './cli-startup.js';
import { generateHubHeavyNotebooks, HUB_HEAVY_FULL, HUB_HEAVY_QUICK, type HubHeavyNotebooks } from './generate-hub-heavy-notebook.js';
import { FailureCount, markdownTable, measureBuilds, measureThroughput, ms, percentile } from './measure.js';

export interface DoughnutSchemaOptions {
  readonly quick: boolean;
  /** Whether to measure the CLI lines (dist/cli/main.js must be built). */
  readonly cli: boolean;
  readonly log?: (line: string) => void;
}

const FOCI = 400;
const WARM_UP = 50;
const BUDGET = 2_000;
/** Foci checked across the stores before anything is timed, besides the roots, hubs and popular objects. */
const CHECKED_RANDOM_FOCI = 60;

/** One database line: builds beside `SELECT 1`, each round of the two timed back to back. */
interface EngineLine {
  readonly engine: string;
  readonly layout: string;
  readonly builds: number;
  readonly median: number;
  readonly p90: number;
  readonly p99: number;
  readonly selectOneMedian: number;
  readonly selectOneP99: number;
  readonly tripsMedian: number;
  readonly tripsMax: number;
  readonly failures: FailureCount;
}

/** Seeded random focus notes of the notebook, the same for every line. */
export function randomFoci(generated: HubHeavyNotebooks, count: number, seed: number): number[] {
  const rng = xoroshiro128plus(seed);
  return Array.from({ length: count }, () => generated.visibleIds[uniformInt(rng, 0, generated.visibleIds.length - 1)]!);
}

/** Measures every line and returns the section's markdown. */
export async function doughnutSchemaSection(options: DoughnutSchemaOptions): Promise<string> {
  const log = options.log ?? (() => {});
  const loadAtStart = loadavg()[0]!;
  const settings = options.quick ? HUB_HEAVY_QUICK : HUB_HEAVY_FULL;
  let clock = performance.now();
  const generated = generateHubHeavyNotebooks(settings);
  log(`Doughnut's schema: generated ${generated.fixture.notes.length.toLocaleString('en')} notes in ${since(clock)}`);
  const foci = randomFoci(generated, WARM_UP + FOCI, settings.seed);
  const memory = new MemoryNoteStore(generated.fixture);
  const checked = [
    ...foci.slice(0, CHECKED_RANDOM_FOCI),
    ...generated.roots.slice(0, 5).map((root) => root.id),
    ...generated.hubs.slice(0, 5).map((hub) => hub.id),
    ...generated.popularObjects.map((object) => object.id),
  ];
  const expected = new Map<number, string>();
  for (const focus of checked) expected.set(focus, renderJson((await buildContext(memory, { focus, budget: BUDGET })).result));

  const lines: EngineLine[] = [];
  let loadNote = '';
  for (const engine of BENCH_ENGINES) {
    clock = performance.now();
    const database = await engine.open(generated.fixture);
    loadNote += `${engine.name} loaded in ${since(clock)}. `;
    log(`  ${engine.name}: loaded in ${since(clock)}`);
    try {
      for (const layout of engine.layouts) {
        await database.apply(layout.statements);
        for (const focus of checked) {
          for (const store of [database.store, ...(database.baseline ? [database.baseline] : [])]) {
            const json = renderJson((await buildContext(store, { focus, budget: BUDGET })).result);
            if (json !== expected.get(focus)) throw new Error(`${engine.name} (${layout.name}) and the in-memory store disagree on focus ${focus}`);
          }
        }
        for (const line of await measureEngineLines(engine.name, layout.name, database, foci)) {
          lines.push(line);
          log(`  ${engine.name}, ${line.layout}: median ${ms(line.median)} ms (${units(line.median, line.selectOneMedian)} SELECT 1), p99 ${ms(line.p99)} ms`);
        }
      }
    } finally {
      await database.close();
    }
  }

  const plan = { store: memory, foci: foci.slice(WARM_UP), budget: BUDGET };
  const estimateRate = await measureThroughput({ ...plan, tokenizer: 'estimate' }, 1, options.quick ? 2 : 5);
  const o200k = await measureBuilds({ ...plan, tokenizer: 'o200k', builds: FOCI, warmUp: WARM_UP });
  log(`  in memory: estimate ${estimateRate.perSecond.toFixed(0)} builds/s, o200k p99 ${ms(o200k.p99)} ms`);

  const cli = options.cli ? measureCliStartup(options.quick ? 5 : 10, 1) : [];
  const [floor, , flagError, mainJob] = cli;
  if (floor && flagError && mainJob) log(`  CLI beyond node -e 0: main job ${ms(mainJob.median - floor.median)} ms, flag error ${ms(flagError.median - floor.median)} ms`);

  const failed = lines.filter((line) => line.failures.failed > 0);
  const rows: (string | number)[][] = [
    ...lines.map((line) => [
      `${line.engine} build, ${line.layout}`,
      `${units(line.median, line.selectOneMedian)} (${ms(line.median)} ms)`,
      `${units(line.p99, line.selectOneMedian)} (${ms(line.p99)} ms)`,
      `${ms(line.selectOneMedian)} / ${ms(line.selectOneP99)} ms`,
      `${line.tripsMedian} / ${line.tripsMax}`,
      line.layout.startsWith("Doughnut's DDL") ? '≤ 10 / ≤ 50' : '',
    ]),
    ['in memory, estimate, builds per second', estimateRate.perSecond.toFixed(0), '', '', '', '≥ 10,000'],
    ['in memory, o200k, p99', '', `${ms(o200k.p99)} ms`, '', '', '≤ 5 ms'],
    ...(floor && flagError && mainJob
      ? [
          ['CLI main job, beyond bare `node -e 0`', `${ms(mainJob.median - floor.median)} ms`, '', `node -e 0: ${ms(floor.median)} ms`, '', '≤ 150 ms'],
          ['CLI flag error, beyond bare `node -e 0`', `${ms(flagError.median - floor.median)} ms`, '', `node -e 0: ${ms(floor.median)} ms`, '', '≤ 50 ms'],
        ]
      : []),
  ];
  return (
    `What Doughnut users have: Doughnut's own \`note\` table (bench/doughnut-note-ddl.ts: its columns and only its indexes, the primary key and ` +
    '`parent_id`, `sibling_order`, `notebook_id`, `target_note_id` each on its own; no index serves a page of children in sibling order), ' +
    `and the same table with the recommended index \`(parent_id, sibling_order, id)\` added. ${describe(generated)} ${loadNote}\n\n` +
    `o200k, budget 2,000, ${FOCI} random foci (seeded, from the visible notes; ${WARM_UP} untimed builds first). A database line times, for each focus, a ` +
    '`SELECT 1` on a connection held for it and then the build, back to back: the build is given in `SELECT 1` round trips (its time over the median `SELECT 1`) and in ms. ' +
    'Each layout is timed with two stores taking turns focus by focus (which builds first alternates): the store as it is, and the same with its index-aware pages off ' +
    "(`indexAwarePages: false`: pages ordered by the `sibling_order` column whatever the table's indexes, as before the store looked at them). " +
    `Before any timing, ${checked.length} foci (${CHECKED_RANDOM_FOCI} random, the biggest roots and hubs, the popular objects) give byte-identical JSON in memory and on each layout. ` +
    'The in-memory lines run on the same notebook; the CLI lines are the built CLI on the sample notebook (bench/cli-startup.ts), each beside `node -e 0` started the same way.\n\n' +
    markdownTable(['o200k, budget 2,000, random foci', 'median', 'p99', 'SELECT 1 median / p99', 'round trips median / max', 'target'], rows) +
    (failed.length === 0 && estimateRate.failed === 0 && o200k.failed === 0
      ? '\n\nNo build failed.'
      : `\n\nFailed builds: ${[...failed.map((line) => `${line.engine}, ${line.layout}: ${line.failures.failed} (${line.failures.errors.join('; ')})`), `in memory: ${estimateRate.failed + o200k.failed}`].join('; ')}.`) +
    `\n\nThe machine's load average (1 minute) was ${loadAtStart.toFixed(1)} at the start of this section and ${loadavg()[0]!.toFixed(1)} at its end, on ${cpus().length} cores: ` +
    'on a machine shared with other work, read the figures in `SELECT 1` units, which the load inflates less than the milliseconds.' +
    '\n\nReproduce: `npx tsx bench/doughnut-schema.ts` (this section alone, ~2 minutes). Where the time goes: `npx tsx bench/profile-doughnut-mysql.ts` ' +
    '(a scratch MariaDB\'s slow log and plans; `--index` for the recommended layout, `--plain` with the index-aware pages off) and `npx tsx bench/profile-doughnut-memory.ts` (CPU profiles of the in-memory lines); ' +
    'what they showed, and what would fix it, is in [benchmarks-history.md](benchmarks-history.md), "Doughnut\'s own schema: the profile".'
  );
}

/**
 * The line of `database.store` and, when the engine has one, timed alternately with it (which
 * goes first alternates with each focus), the line of `database.baseline` (its index-aware
 * shortcuts off), after one `SELECT 1` per focus: on a shared, noisy machine both lines see the
 * same load.
 */
async function measureEngineLines(
  engine: string,
  layout: string,
  database: Awaited<ReturnType<(typeof BENCH_ENGINES)[number]['open']>>,
  foci: readonly number[],
): Promise<EngineLine[]> {
  const floor: number[] = [];
  const stores = [database.store, ...(database.baseline ? [database.baseline] : [])];
  const samples = stores.map(() => ({ failures: new FailureCount(), times: [] as number[], trips: [] as number[] }));
  for (const [index, focus] of foci.entries()) {
    let started = performance.now();
    await database.selectOne();
    if (index >= WARM_UP) floor.push(performance.now() - started);
    const order = index % 2 === 0 || stores.length === 1 ? stores.keys() : [1, 0];
    for (const which of order) {
      const sample = samples[which]!;
      started = performance.now();
      try {
        const { report } = await buildContext(stores[which]!, { focus, budget: BUDGET, tokenizer: 'o200k' });
        if (index < WARM_UP) continue;
        sample.times.push(performance.now() - started);
        sample.trips.push(report.roundTrips);
      } catch (error) {
        sample.failures.add(error);
      }
    }
  }
  floor.sort((a, b) => a - b);
  return samples.map(({ failures, times, trips }, which): EngineLine => {
    for (const list of [times, trips]) list.sort((a, b) => a - b);
    return {
      engine,
      layout: which === 0 ? layout : `${layout}, index-aware pages off`,
      builds: times.length,
      median: percentile(times, 50),
      p90: percentile(times, 90),
      p99: percentile(times, 99),
      selectOneMedian: percentile(floor, 50),
      selectOneP99: percentile(floor, 99),
      tripsMedian: percentile(trips, 50),
      tripsMax: trips[trips.length - 1] ?? Number.NaN,
      failures,
    };
  });
}

function describe(generated: HubHeavyNotebooks): string {
  const notes = generated.fixture.notes;
  const hubChildren = generated.hubs.reduce((sum, hub) => sum + hub.children, 0);
  const reified = notes.filter((note) => note.objectId !== undefined).length;
  return (
    'The notebook (bench/generate-hub-heavy-notebook.ts, seeded): each notebook a root note with 35% of its other notes directly under it (notebook sizes falling off as 1 / rank^0.8); ' +
    'a few dozen top-level hubs whose children are 12% of all notes (sizes falling off as 1 / rank^0.6); every other note under a top-level or deeper note by preferential attachment, depth ≤ 10; ' +
    'the kinds interleaved, so ids do not follow the tree; sibling orders stepping by 1,000, 10% of notes inserted between two siblings; 10% of notes reifications, most of them of four popular objects; ' +
    `1% deleted; titles and details as in the main notebook, details cut to Doughnut's \`text\` column. Here: ${notes.length.toLocaleString('en')} notes in ${generated.fixture.notebooks.length} notebooks; ` +
    `the biggest roots have ${generated.roots.slice(0, 4).map((root) => root.children.toLocaleString('en')).join(', ')} top-level notes; ` +
    `${generated.hubs.length} hubs (${generated.hubs.slice(0, 3).map((hub) => hub.children.toLocaleString('en')).join(', ')} … ${generated.hubs.at(-1)?.children} children) hold ` +
    `${((100 * hubChildren) / notes.length).toFixed(1)}% of the notes; ${reified.toLocaleString('en')} reifications, the popular objects referred to ` +
    `${generated.popularObjects.map((object) => object.referrings.toLocaleString('en')).join(', ')} times; ${notes.length - generated.visibleIds.length} deleted.`
  );
}

/** A time in `SELECT 1` round trips. */
function units(value: number, selectOne: number): string {
  const ratio = value / selectOne;
  return Number.isFinite(ratio) ? (ratio >= 100 ? ratio.toFixed(0) : ratio.toFixed(1)) : '–';
}

const since = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const cli = !process.argv.includes('--no-cli');
  if (cli) execFileSync(process.execPath, ['scripts/prepare.mjs'], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'ignore', 'inherit'] });
  const started = performance.now();
  console.log(`\n${await doughnutSchemaSection({ quick, cli, log: console.log })}\n\n(${since(started)})`);
}
