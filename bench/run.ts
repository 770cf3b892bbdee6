// npm run bench [-- --quick]: note-context measured the way a notes backend runs it, beside an
// ORM-style baseline, on a generated Doughnut-sized notebook in throwaway MariaDB and PostgreSQL databases.
// Prints every table and writes docs/benchmarks.md and docs/fan-out.svg (a quick run writes to
// bench/out/ instead, so a smoke run never overwrites the published figures). A build that fails
// is counted on its line and the run goes on; only stores that disagree stop it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { buildContext } from '../src/build-context.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import { renderJson } from '../src/result/render-json.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { createPostgresTestDatabase } from '../test/support/postgres-test-database.js';
import { measureCli, type CliTiming } from './cli-wall-clock.js';
import { doughnutSchemaSection } from './doughnut-schema.js';
import { fanOutPassesSection } from './fan-out-passes.js';
import { generateNotebooks, type GeneratorSettings } from './generate-notebook.js';
import { measureHttpLoad } from './http-load.js';
import { measureLoopBlocking, type LoopBlocking } from './loop-blocking.js';
import { FailureCount, markdownTable, measureBuilds, measureThroughput, ms, type Failures, type Summary, type Throughput } from './measure.js';
import { OrmStyleStore } from './orm-baseline.js';
import { logLogChart } from './svg-chart.js';
import { targetsTable } from './targets.js';

const runStarted = performance.now();
const quick = process.argv.includes('--quick');
const SEED = 20261121;
const settings: GeneratorSettings = quick
  ? { seed: SEED, notes: 20_000, notebooks: 10, hubChildren: [2_000, 1_000], fanOuts: [10, 1_000, 10_000] }
  : { seed: SEED, notes: 100_000, notebooks: 50, hubChildren: [5_000, 3_000, 2_000, 1_000], fanOuts: [10, 1_000, 10_000, 100_000] };
const RANDOM_FOCI = 1_000;
/**
 * Builds per line, and a cap in seconds per line (warm-up included; at least 3 builds are timed):
 * the full run must stay under ~12 minutes on 2 cores whatever the code under test does.
 */
const SIZE = quick
  ? { latency: 200, otherBudgets: 100, baseline: 100, lineSeconds: 5, fanSeconds: 5, blocking: 200, throughputSeconds: 1.5, probe: 200, httpSeconds: 2, cliRuns: 5 }
  : { latency: 1_000, otherBudgets: 500, baseline: 1_000, lineSeconds: 40, fanSeconds: 15, blocking: 1_000, throughputSeconds: 8, probe: 2_000, httpSeconds: 10, cliRuns: 10 };
const BUDGETS = [500, 2_000, 8_000] as const;
const TOKENIZERS: readonly TokenizerName[] = ['o200k', 'estimate'];
const CONCURRENCY = [1, 4, 16, 64] as const;
const POOL_SIZE = 16;
const root = new URL('..', import.meta.url).pathname;
const outDirectory = new URL(quick ? '../bench/out/' : '../docs/', import.meta.url);
const sections: string[] = [];
const failureLines: { line: string; failures: Failures }[] = [];
const log = (line: string) => console.log(line);
mkdirSync(outDirectory, { recursive: true });

function section(title: string, body: string): void {
  log(`\n## ${title} (at ${seconds(runStarted)})\n\n${body}`);
  sections.push(`## ${title}\n\n${body}`);
}

/** Notes a line's failed builds, printed at once and listed again at the end. */
function noteFailures(line: string, failures: Failures): void {
  if (failures.failed === 0) return;
  failureLines.push({ line, failures });
  log(`  ! ${line}: ${failures.failed} failed (${failures.errors.join('; ')})`);
}

/** A part of the run that may fail as a whole (a child process, the CLI's compilation): noted, and the run goes on. */
async function attempt(line: string, part: () => Promise<void>): Promise<void> {
  try {
    await part();
  } catch (error) {
    const failures = new FailureCount();
    failures.add(error);
    noteFailures(line, failures);
    section(line, `Not measured: ${failures.errors[0]}.`);
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// --- the CLI, first, while the machine is quiet -------------------------------------------------
let cli: CliTiming[] = [];
await attempt('CLI wall clock', async () => {
  const clock = performance.now();
  execFileSync(process.execPath, ['scripts/prepare.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  log(`dist/ up to date with src/ (scripts/prepare.mjs) in ${seconds(clock)}`);
  cli = await measureCli(
    'dist/cli/main.js',
    root,
    [
      { name: '--help', args: ['--help'], exitCode: 0 },
      { name: 'flag error', args: ['build', '--focus', '/n19', '--budget', 'nope'], exitCode: 2 },
      { name: 'main job', args: ['build', '--focus', '/n19', '--budget', '2000', '--format', 'prompt'], exitCode: 0 },
    ],
    SIZE.cliRuns,
  );
  for (const timing of cli) {
    noteFailures(`CLI ${timing.name}`, timing);
    log(`  CLI ${timing.name}: median ${ms(timing.median)} ms`);
  }
});

// --- the notebook -------------------------------------------------------------------------------
let clock = performance.now();
const generated = generateNotebooks(settings);
const { fixture } = generated;
log(`generated ${fixture.notes.length.toLocaleString('en')} notes in ${seconds(clock)}`);
const rng = xoroshiro128plus(SEED);
const randomFoci = Array.from({ length: RANDOM_FOCI }, () => generated.ordinaryIds[uniformInt(rng, 0, generated.ordinaryIds.length - 1)]!);

const database = await createTestDatabase();
const pooled = MysqlNoteStore.fromUrl(database.url, { poolSize: POOL_SIZE });
const pgDatabase = await createPostgresTestDatabase();
const postgres = PostgresNoteStore.fromPool(pgDatabase.pool);
try {
  clock = performance.now();
  let shown = 0;
  await loadFixture(database.db, fixture, {
    batchSize: 2_000,
    onProgress: (loaded, total) => {
      if (loaded / total >= shown / 10) {
        process.stdout.write(`\rloading into MariaDB: ${Math.round((100 * loaded) / total)}%`);
        shown = Math.floor((10 * loaded) / total) + 1;
      }
    },
  });
  const loadSeconds = (performance.now() - clock) / 1000;
  log(`\nloaded in ${loadSeconds.toFixed(1)} s`);
  clock = performance.now();
  await loadFixture(pgDatabase.db, fixture, { batchSize: 2_000 });
  const pgLoadSeconds = (performance.now() - clock) / 1000;
  log(`loaded into PostgreSQL in ${pgLoadSeconds.toFixed(1)} s`);

  const memory = new MemoryNoteStore(fixture);
  const mysql = new MysqlNoteStore(database.db);
  const baseline = new OrmStyleStore(database.db);
  const pgBaseline = new OrmStyleStore(pgDatabase.db);
  const stores = { memory, mysql, baseline, postgres, pgBaseline } as const;
  const storeNames = ['memory', 'MySQL', 'baseline', 'PostgreSQL', 'baseline on PostgreSQL'];

  section('The notebook', describeNotebook(loadSeconds, pgLoadSeconds));

  // The five stores must give the same results, or the comparison means nothing. A build that
  // fails (a statement timeout) leaves its focus unchecked, and is listed; a disagreement stops the run.
  clock = performance.now();
  const checkFoci = [...randomFoci.slice(0, quick ? 50 : 200), ...generated.hubs.map((hub) => hub.id), ...generated.fanOutFoci.map((f) => f.id)];
  const unchecked = new FailureCount();
  const uncheckedFoci = new Set<number>();
  for (const focus of checkFoci) {
    const outcomes = await Promise.allSettled(
      Object.values(stores).map(async (store) => renderJson((await buildContext(store, { focus, budget: 2_000 })).result)),
    );
    const values: string[] = [];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') return values.push(outcome.value);
      uncheckedFoci.add(focus);
      const reason: unknown = outcome.reason;
      unchecked.add(new Error(`focus ${focus}, ${storeNames[index]}: ${reason instanceof Error ? reason.message : String(reason)}`));
    });
    if (values.length === storeNames.length && values.some((value) => value !== values[0])) throw new Error(`the stores disagree on focus ${focus}`);
  }
  noteFailures('identity check', unchecked);
  log(
    `checked in ${seconds(clock)}: the ${storeNames.length} stores give byte-identical JSON for ${checkFoci.length - uncheckedFoci.size} of ${checkFoci.length} focus notes` +
      (uncheckedFoci.size === 0 ? '' : ` (not checked, a build failed: ${[...uncheckedFoci].join(', ')})`),
  );

  // --- latency and round trips over random focus notes ----------------------------------------------
  const latencyRows: (string | number)[][] = [];
  const latency = new Map<string, Summary>();
  for (const storeName of ['mysql', 'memory'] as const) {
    for (const tokenizer of TOKENIZERS) {
      for (const budget of BUDGETS) {
        const builds = budget === 2_000 ? SIZE.latency : SIZE.otherBudgets;
        const summary = await measureBuilds({ store: stores[storeName], foci: randomFoci, budget, tokenizer, builds, maxSeconds: SIZE.lineSeconds });
        latency.set(`${storeName} ${tokenizer} ${budget}`, summary);
        latencyRows.push(row(storeName === 'mysql' ? 'note-context, MySQL' : 'note-context, in memory', tokenizer, budget, summary, storeName === 'mysql'));
        noteFailures(`latency ${storeName} ${tokenizer} ${budget}`, summary);
        log(`  ${storeName} ${tokenizer} ${budget}: median ${ms(summary.median)} ms, p99 ${ms(summary.p99)} ms`);
      }
    }
  }
  const baselineRandom = await measureBuilds({ store: baseline, foci: randomFoci, budget: 2_000, tokenizer: 'o200k', builds: SIZE.baseline, maxSeconds: SIZE.lineSeconds });
  noteFailures('latency baseline o200k 2000', baselineRandom);
  latencyRows.push(row('ORM-style baseline, MySQL', 'o200k', 2_000, baselineRandom, true));
  const pgLatency = new Map<string, Summary>();
  for (const [name, store, tokenizer] of [['note-context, PostgreSQL', postgres, 'o200k'], ['note-context, PostgreSQL', postgres, 'estimate'], ['ORM-style baseline, PostgreSQL', pgBaseline, 'o200k']] as const) {
    const summary = await measureBuilds({ store, foci: randomFoci, budget: 2_000, tokenizer, builds: store === postgres ? SIZE.latency : SIZE.baseline, maxSeconds: SIZE.lineSeconds });
    pgLatency.set(`${name} ${tokenizer}`, summary);
    latencyRows.push(row(name, tokenizer, 2_000, summary, true));
    noteFailures(`latency ${name} ${tokenizer} 2000`, summary);
    log(`  ${name} ${tokenizer} 2000: median ${ms(summary.median)} ms, p99 ${ms(summary.p99)} ms`);
  }
  const main = latency.get('mysql o200k 2000')!;
  const pgMain = pgLatency.get('note-context, PostgreSQL o200k')!;
  const pgBaselineRandom = pgLatency.get('ORM-style baseline, PostgreSQL o200k')!;
  section(
    'Latency and round trips over random focus notes',
    `Up to ${SIZE.latency} builds per line at budget 2,000 and ${SIZE.otherBudgets} at 500 and 8,000 (baseline: ${SIZE.baseline}), each line stopped after ${SIZE.lineSeconds} s ` +
      `(the builds column says how many were timed). Focus notes drawn at random from the ${generated.ordinaryIds.length.toLocaleString('en')} visible notes of the ordinary notebooks ` +
      `(seeded; the same ${RANDOM_FOCI}, in the same order, for every line). Wall-clock per build in process, after 50 warm-up builds; round trips from each build's report (the snapshot's start and the reads; the rollback is sent as the build returns and not counted).\n\n` +
      markdownTable(['store', 'tokenizer', 'budget', 'builds', 'median ms', 'p90 ms', 'p99 ms', 'round trips median', 'round trips max', 'failed'], latencyRows) +
      `\n\nSide by side, MySQL, o200k, budget 2,000: baseline / note-context = ${ratio(baselineRandom.median / main.median)} (medians), ` +
      `${ratio(baselineRandom.p90 / main.p90)} (p90), ${ratio(baselineRandom.p99 / main.p99)} (p99); ` +
      `PostgreSQL: ${ratio(pgBaselineRandom.median / pgMain.median)} (medians), ${ratio(pgBaselineRandom.p90 / pgMain.p90)} (p90), ${ratio(pgBaselineRandom.p99 / pgMain.p99)} (p99).`,
  );

  // --- fan-out and hubs, each beside the baseline ---------------------------------------------------
  const fanRows: (string | number)[][] = [];
  const pgFanRows: (string | number)[][] = [];
  const fanPoints = { mysql: [] as { x: number; y: number }[], memory: [] as { x: number; y: number }[], baseline: [] as { x: number; y: number }[], postgres: [] as { x: number; y: number }[], pgBaseline: [] as { x: number; y: number }[] };
  const fanMedians: { fanOut: number; mysql: number; baseline: number }[] = [];
  for (const { fanOut, id } of generated.fanOutFoci) {
    const few = fanOut >= 100_000 ? 20 : fanOut >= 10_000 ? 50 : 200;
    const fewer = fanOut >= 100_000 ? 3 : fanOut >= 10_000 ? 5 : 50;
    const plan = { foci: [id], budget: 2_000, tokenizer: 'o200k' as const, maxSeconds: SIZE.fanSeconds };
    const fromMysql = await measureBuilds({ ...plan, store: mysql, builds: few, warmUp: 3 });
    const fromMemory = await measureBuilds({ ...plan, store: memory, builds: few, warmUp: 3 });
    const fromBaseline = await measureBuilds({ ...plan, store: baseline, builds: fewer, warmUp: 1 });
    const fromPostgres = await measureBuilds({ ...plan, store: postgres, builds: few, warmUp: 3 });
    const fromPgBaseline = await measureBuilds({ ...plan, store: pgBaseline, builds: fewer, warmUp: 1 });
    for (const [name, summary] of [['MySQL', fromMysql], ['memory', fromMemory], ['baseline', fromBaseline], ['PostgreSQL', fromPostgres], ['baseline on PostgreSQL', fromPgBaseline]] as const) noteFailures(`fan-out ${fanOut} ${name}`, summary);
    fanPoints.postgres.push({ x: fanOut, y: fromPostgres.median });
    fanPoints.pgBaseline.push({ x: fanOut, y: fromPgBaseline.median });
    pgFanRows.push([
      fanOut.toLocaleString('en'),
      fromPostgres.builds,
      ms(fromPostgres.median),
      ms(fromPostgres.p90),
      `${count(fromPostgres.tripsMedian)} / ${count(fromPostgres.tripsMax)}`,
      fromPgBaseline.builds,
      ms(fromPgBaseline.median),
      ms(fromPgBaseline.p90),
      count(fromPgBaseline.tripsMax),
      ratio(fromPgBaseline.median / fromPostgres.median),
      `${fromPostgres.failed} / ${fromPgBaseline.failed}`,
    ]);
    fanPoints.mysql.push({ x: fanOut, y: fromMysql.median });
    fanPoints.memory.push({ x: fanOut, y: fromMemory.median });
    fanPoints.baseline.push({ x: fanOut, y: fromBaseline.median });
    fanMedians.push({ fanOut, mysql: fromMysql.median, baseline: fromBaseline.median });
    fanRows.push([
      fanOut.toLocaleString('en'),
      fromMysql.builds,
      ms(fromMysql.median),
      ms(fromMysql.p90),
      `${count(fromMysql.tripsMedian)} / ${count(fromMysql.tripsMax)}`,
      ms(fromMemory.median),
      fromBaseline.builds,
      ms(fromBaseline.median),
      ms(fromBaseline.p90),
      count(fromBaseline.tripsMax),
      ratio(fromBaseline.median / fromMysql.median),
      `${fromMysql.failed} / ${fromMemory.failed} / ${fromBaseline.failed}`,
    ]);
    log(`  fan-out ${fanOut}: MySQL ${ms(fromMysql.median)} ms, baseline ${ms(fromBaseline.median)} ms; PostgreSQL ${ms(fromPostgres.median)} ms, baseline ${ms(fromPgBaseline.median)} ms`);
  }
  const hubRows: (string | number)[][] = [];
  const hubMedians: { name: string; mysql: number; baseline: number }[] = [];
  for (const hub of generated.hubs) {
    const plan = { foci: [hub.id], budget: 2_000, tokenizer: 'o200k' as const, maxSeconds: SIZE.fanSeconds };
    const fromMysql = await measureBuilds({ ...plan, store: mysql, builds: 100, warmUp: 3 });
    const fromBaseline = await measureBuilds({ ...plan, store: baseline, builds: 20, warmUp: 1 });
    noteFailures(`hub /n${hub.id} MySQL`, fromMysql);
    noteFailures(`hub /n${hub.id} baseline`, fromBaseline);
    const name = `/n${hub.id}, ${hub.children.toLocaleString('en')} children`;
    hubMedians.push({ name: `hub ${name}`, mysql: fromMysql.median, baseline: fromBaseline.median });
    hubRows.push([
      name,
      fromMysql.builds,
      ms(fromMysql.median),
      ms(fromMysql.p90),
      count(fromMysql.tripsMax),
      fromBaseline.builds,
      ms(fromBaseline.median),
      ms(fromBaseline.p90),
      count(fromBaseline.tripsMax),
      ratio(fromBaseline.median / fromMysql.median),
      `${fromMysql.failed} / ${fromBaseline.failed}`,
    ]);
    log(`  hub ${name}: MySQL ${ms(fromMysql.median)} ms, baseline ${ms(fromBaseline.median)} ms`);
  }
  const chartName = quick ? 'fan-out-quick.svg' : 'fan-out.svg';
  const plotted = (points: { x: number; y: number }[]) => points.filter((p) => !Number.isNaN(p.y));
  writeFileSync(
    new URL(chartName, outDirectory),
    logLogChart('Build latency against fan-out (budget 2,000, o200k)', 'children and referring notes of the focus', 'median ms per build', [
      { name: 'ORM-style baseline', colour: '#c0392b', points: plotted(fanPoints.baseline) },
      { name: 'note-context, MySQL', colour: '#2471a3', points: plotted(fanPoints.mysql) },
      { name: 'note-context, memory', colour: '#27ae60', points: plotted(fanPoints.memory) },
      { name: 'ORM-style baseline, PostgreSQL', colour: '#e59866', points: plotted(fanPoints.pgBaseline) },
      { name: 'note-context, PostgreSQL', colour: '#7d3c98', points: plotted(fanPoints.postgres) },
    ]),
  );
  section(
    'Fan-out',
    `A focus note with N children and N notes referring to it (budget 2,000, o200k). Builds per line: note-context up to 200 (50 at 10,000, 20 at 100,000), ` +
      `baseline up to 50 (5 at 10,000, 3 at 100,000), each line stopped after ${SIZE.fanSeconds} s once 3 builds were timed.\n\n![latency against fan-out](${chartName})\n\n` +
      markdownTable(
        ['fan-out', 'MySQL builds', 'MySQL median ms', 'MySQL p90 ms', 'round trips median / max', 'memory median ms', 'baseline builds', 'baseline median ms', 'baseline p90 ms', 'baseline queries', 'baseline / MySQL', 'failed (MySQL / memory / baseline)'],
        fanRows,
      ) +
      '\n\nThe same foci over PostgreSQL (the same builds per line):\n\n' +
      markdownTable(
        ['fan-out', 'PostgreSQL builds', 'PostgreSQL median ms', 'PostgreSQL p90 ms', 'round trips median / max', 'baseline builds', 'baseline median ms', 'baseline p90 ms', 'baseline queries', 'baseline / PostgreSQL', 'failed (PostgreSQL / baseline)'],
        pgFanRows,
      ) +
      `\n\nThe hubs of the generated notebook (up to 100 builds each, baseline 20, each line stopped after ${SIZE.fanSeconds} s):\n\n` +
      markdownTable(['hub', 'MySQL builds', 'MySQL median ms', 'MySQL p90 ms', 'round trips max', 'baseline builds', 'baseline median ms', 'baseline p90 ms', 'baseline queries', 'baseline / MySQL', 'failed (MySQL / baseline)'], hubRows),
  );

  // --- event-loop blocking ----------------------------------------------------------------------------
  const blocking: Partial<Record<'mysql' | 'memory', LoopBlocking>> = {};
  for (const storeName of ['mysql', 'memory'] as const) {
    const measured = await measureLoopBlocking({ store: stores[storeName], foci: randomFoci, budget: 2_000, tokenizer: 'o200k', builds: SIZE.blocking, maxSeconds: SIZE.lineSeconds });
    blocking[storeName] = measured;
    noteFailures(`event-loop blocking ${storeName}`, measured);
    log(`  event loop, ${storeName}: longest stretch p99 ${ms(measured.p99)} ms, max ${ms(measured.max)} ms`);
  }
  section(
    'Event-loop blocking',
    `Builds one at a time over the random focus notes (o200k, budget 2,000; up to ${SIZE.blocking} builds per line, stopped after ${SIZE.lineSeconds} s, after 50 warm-up builds). ` +
      "A build's longest stretch is the longest time, while it ran, between two turns of the event loop (a `setImmediate` ticker notes each turn; " +
      'waiting on the database does not count; a garbage collection does, and so does time the thread waits for a core on a loaded machine: ' +
      "the process's CPU time during the stretch tells them apart). Beside it, `perf_hooks.monitorEventLoopDelay` (resolution 1 ms) over the same builds: " +
      'p99 and max of its samples, one per millisecond, not per build.\n\n' +
      markdownTable(
        ['store', 'builds', 'longest stretch median ms', 'p99 ms', 'max ms', 'CPU in it, p99 ms', 'loop delay p99 ms', 'loop delay max ms', 'failed'],
        (['mysql', 'memory'] as const).map((name) => {
          const b = blocking[name]!;
          return [name === 'mysql' ? 'note-context, MySQL' : 'note-context, in memory', b.builds, ms(b.median), ms(b.p99), ms(b.max), ms(b.cpuP99), ms(b.delayP99), ms(b.delayMax), b.failed];
        }),
      ),
  );

  // --- throughput ---------------------------------------------------------------------------------
  const throughput = new Map<number, Throughput>();
  for (const concurrency of CONCURRENCY) {
    const measured = await measureThroughput({ store: pooled, foci: randomFoci, budget: 2_000, tokenizer: 'o200k' }, concurrency, SIZE.throughputSeconds);
    throughput.set(concurrency, measured);
    noteFailures(`throughput ${concurrency} concurrent`, measured);
    log(`  ${concurrency} concurrent: ${measured.perSecond.toFixed(0)} builds/s`);
  }
  const memoryRates = new Map<TokenizerName, Throughput>();
  for (const tokenizer of ['estimate', 'o200k'] as const) {
    const measured = await measureThroughput({ store: memory, foci: randomFoci, budget: 2_000, tokenizer }, 1, SIZE.throughputSeconds);
    memoryRates.set(tokenizer, measured);
    noteFailures(`throughput in memory ${tokenizer}`, measured);
    log(`  in memory, ${tokenizer}: ${measured.perSecond.toFixed(0)} builds/s`);
  }
  section(
    'Throughput',
    `Builds per second over ${SIZE.throughputSeconds} s with 1, 4, 16 and 64 builds in flight on one pool of ${POOL_SIZE} connections for every line ` +
      '(random focus notes, budget 2,000, o200k, MySQL store; at 64, builds wait for a connection). Node runs the core on one thread; MariaDB, on the same machine, runs on either of its two cores. ' +
      'Loop delay: `monitorEventLoopDelay` (resolution 1 ms) while the line ran. CPU per build: of this process (`process.cpuUsage`), and of the ' +
      'MariaDB server (its utime + stime in /proc, 10 ms ticks): where a build\'s work goes, and which of the two cores is the bottleneck.\n\n' +
      markdownTable(
        ['concurrent builds', 'builds per second', 'Node CPU per build ms', 'server CPU per build ms', 'loop delay p99 ms', 'loop delay max ms', 'failed'],
        CONCURRENCY.map((c) => {
          const t = throughput.get(c)!;
          return [c, t.perSecond.toFixed(0), ms(t.nodeCpuPerBuild), ms(t.serverCpuPerBuild), ms(t.loopDelayP99), ms(t.loopDelayMax), t.failed];
        }),
      ) +
      `\n\nIn-memory store, budget 2,000, one build at a time, on one core:\n\n` +
      markdownTable(
        ['tokenizer', 'builds per second', 'failed'],
        [...memoryRates.entries()].map(([tokenizer, t]) => [tokenizer, t.perSecond.toFixed(0), t.failed]),
      ),
  );

  // --- the CLI (measured first) -------------------------------------------------------------------
  if (cli.length > 0) {
    section(
      'CLI wall clock',
      `The built CLI (\`npm run build\` by the run, then \`node dist/cli/main.js …\` from the repository's root), one process per run, ` +
        `timed from spawn to exit with performance.now() around execFile; ${SIZE.cliRuns} runs of each after one untimed run, the cases taking turns. ` +
        'Measured at the start of the run, before the notebook is made. `build` without `--db` reads the sample notebook (fixtures/sample-notebook.json).\n\n' +
        markdownTable(
          ['what', 'command', 'runs', 'median ms', 'min ms', 'max ms', 'failed'],
          cli.map((t) => [t.name, `\`${t.command}\``, t.runs, ms(t.median), ms(t.min), ms(t.max), t.failed]),
        ),
    );
  }

  // --- peak memory ---------------------------------------------------------------------------------
  await attempt('Peak memory', async () => {
    const probe = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', new URL('memory-probe.ts', import.meta.url).pathname, database.url, String(SIZE.probe), randomFoci.join(',')], {
        encoding: 'utf8',
      }).trim(),
    ) as { peakRssMiB: number; rssAfterWarmUpMiB: number; rssAtEndMiB: number; heapUsedAtEndMiB: number; seconds: number };
    section(
      'Peak memory',
      `A process of its own doing ${SIZE.probe.toLocaleString('en')} builds one after another (MySQL store, random focus notes, budget 2,000, o200k) in ${probe.seconds.toFixed(1)} s` +
        ':\n\n' +
        markdownTable(
          ['peak RSS MiB', 'RSS after 100 builds MiB', 'RSS at the end MiB', 'heap used at the end MiB'],
          [[probe.peakRssMiB.toFixed(0), probe.rssAfterWarmUpMiB.toFixed(0), probe.rssAtEndMiB.toFixed(0), probe.heapUsedAtEndMiB.toFixed(0)]],
        ),
    );
  });

  // --- the HTTP service, in a process of its own, under autocannon -------------------------------------
  await attempt('The HTTP service', async () => {
    const load = await measureHttpLoad(database.url, randomFoci, [1, 16, 64], SIZE.httpSeconds);
    section(
      'The HTTP service',
      `\`note-context serve\` on the MySQL database (its own process, \`--max-builds 64\`), driven by autocannon with ` +
        `\`GET /notes/{id}/context?budget=2000\` over the random focus notes, ${SIZE.httpSeconds} s per line. ` +
        `RSS of the server: ${load.rssBeforeMiB.toFixed(0)} MiB before, ${load.rssAfterMiB.toFixed(0)} MiB after.\n\n` +
        markdownTable(
          ['connections', 'requests per second', 'p50 ms', 'p99 ms', 'errors (non-200 included)'],
          load.rows.map((row) => [row.connections, row.requestsPerSecond.toFixed(0), row.p50, row.p99, row.errors]),
        ),
    );
  });

  // --- a hostile note: the focus holds 1 MB of one character, its parent and sibling 1 MB titles ------
  const hostile = new MemoryNoteStore({
    notebooks: [],
    notes: [
      { id: 1, title: 'R'.repeat(1_000_000), siblingOrder: 1, notebookId: 1 },
      { id: 2, title: 'focus', details: 'x'.repeat(1_000_000), parentId: 1, siblingOrder: 1, notebookId: 1 },
      { id: 3, title: '水'.repeat(330_000), parentId: 1, siblingOrder: 2, notebookId: 1 },
      { id: 4, title: ' '.repeat(1_000_000), parentId: 2, siblingOrder: 1, notebookId: 1 },
    ],
  });
  const hostileRows: (string | number)[][] = [];
  for (const tokenizer of ['o200k', 'cl100k'] as const) {
    for (const round of ['first build', 'again']) {
      const started = performance.now();
      try {
        await buildContext(hostile, { focus: 2, budget: 2_000, tokenizer });
        hostileRows.push([tokenizer, round, ms(performance.now() - started)]);
      } catch (error) {
        const failures = new FailureCount();
        failures.add(error);
        noteFailures(`pathological ${tokenizer} ${round}`, failures);
        hostileRows.push([tokenizer, round, `failed after ${ms(performance.now() - started)}`]);
      }
    }
  }
  section(
    'Pathological text',
    'A build whose focus note has 1 MB of one repeated character and whose parent, sibling and child have 1 MB titles ' +
      '(gpt-tokenizer alone needs minutes for one such text; counts stay exact, see src/budget/make-linear-counter.ts). ' +
      'The first build of a process also builds the rank table (~0.1–0.2 s); long chunks are merged once per process.\n\n' +
      markdownTable(['tokenizer', 'build', 'ms'], hostileRows),
  );

  // --- the fan-out foci against one pass over their candidates, on Doughnut's DDL --------------------
  await attempt('Fan-out against one pass', async () =>
    section('Fan-out against one pass', await fanOutPassesSection({ n: quick ? 10_000 : 100_000, notebook: 'generated', builds: 3, engines: ['mysql', 'postgres'], withIndex: false, checkouts: ['.'], log })),
  );

  // --- what Doughnut users have: Doughnut's own table and indexes, a hub-heavy notebook ------------
  await attempt("Doughnut's own schema", async () => section("Doughnut's own schema", await doughnutSchemaSection({ quick, cli: cli.length > 0, log })));

  // --- failures and targets ---------------------------------------------------------------------------
  const identity = `The identity check compared ${checkFoci.length - uncheckedFoci.size} of ${checkFoci.length} focus notes (${randomFoci.slice(0, quick ? 50 : 200).length} random, the hubs, the fan-out foci) across the ${storeNames.length} stores (memory, MySQL, PostgreSQL, the baseline on each): byte-identical JSON.`;
  section(
    'Failed builds',
    failureLines.length === 0
      ? `None: every build of the run succeeded. ${identity}`
      : `${identity} Builds that threw, per line (left out of the figures above; a figure with no build left shows –):\n\n` +
          markdownTable(['line', 'failed', 'errors'], failureLines.map(({ line, failures }) => [line, failures.failed, failures.errors.join('; ').replace(/\|/g, '\\|')])),
  );
  const cliFigure = (name: string) => cli.find((t) => t.name === name)?.median ?? Number.NaN;
  section(
    'Against the targets',
    `The performance targets. "First measured": the figures first measured for them (a full run${quick ? '; this quick run has a smaller notebook and fewer builds' : ''}).\n\n` +
      targetsTable({
        mysqlMedian: main.median,
        mysqlP99: main.p99,
        roundTripsMax: Math.max(...[...latency.entries()].filter(([key]) => key.startsWith('mysql') && key.endsWith(' 2000')).map(([, summary]) => summary.tripsMax)),
        fanOuts: fanMedians,
        hubs: hubMedians,
        baselineRandomMedian: baselineRandom.median,
        memoryEstimatePerSecond: memoryRates.get('estimate')?.perSecond ?? Number.NaN,
        memoryO200kP99: latency.get('memory o200k 2000')!.p99,
        blockingP99: { mysql: blocking.mysql!.p99, memory: blocking.memory!.p99 },
        cliMainJob: cliFigure('main job'),
        cliFlagError: cliFigure('flag error'),
        mysql16PerSecond: throughput.get(16)?.perSecond ?? Number.NaN,
      }),
  );
} catch (error) {
  // Whatever ended the run early is printed with what had been measured, never lost.
  log(`\nthe run stopped after ${seconds(runStarted)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const partial = new URL('../bench/out/benchmarks-partial.md', import.meta.url);
  mkdirSync(new URL('.', partial), { recursive: true });
  writeFileSync(partial, `# Benchmarks (stopped early)\n\n${String(error)}\n\n${sections.join('\n\n')}\n`);
  log(`what was measured is in ${partial.pathname}`);
  process.exitCode = 1;
} finally {
  await pooled.destroy();
  await database.drop();
  await postgres.destroy();
  await pgDatabase.drop();
}

if (process.exitCode !== 1) {
  const runTime = `The run took ${seconds(runStarted)} (${quick ? 'quick' : 'full'} run, node ${process.version}).`;
  const document =
    `# Benchmarks\n\nMade by \`npm run bench${quick ? ' -- --quick' : ''}\` (bench/run.ts). Everything is made by the run itself: the notebook, ` +
    'throwaway MariaDB and PostgreSQL databases, the baseline (over each). The baseline does the same builds with the same core, reading the way a ' +
    'lazy-loading ORM does (bench/orm-baseline.ts: entities loaded whole by id, each relation list loaded whole on first ' +
    'use, one query per navigation, an identity map per build); the run first checks that the in-memory store, the MySQL ' +
    'and PostgreSQL stores and the baseline over each give byte-identical JSON. The library is measured as users run it, compiled ' +
    'into dist/ (bench/compiled-library.mjs answers the benchmark\'s imports of src/ from dist/). Earlier runs, and what each change bought, are in ' +
    '[benchmarks-history.md](benchmarks-history.md), and what the run does not measure is in [benchmarks-measured-apart.md](benchmarks-measured-apart.md) ' +
    '(both written by hand; this file is written by the run).\n\n' +
    sections.join('\n\n') +
    `\n\n${runTime}\n`;
  const written = new URL(quick ? 'benchmarks-quick.md' : 'benchmarks.md', outDirectory);
  writeFileSync(written, document);
  log(`\n${runTime}\nwritten to ${written.pathname}`);
}

/** A count, or a dash when a line had no successful build. */
function count(value: number): string | number {
  return Number.isNaN(value) ? '–' : value;
}

function ratio(value: number): string {
  return Number.isNaN(value) ? '–' : `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}×`;
}

function row(what: string, tokenizer: string, budget: number, summary: Summary, trips: boolean): (string | number)[] {
  return [
    what,
    tokenizer,
    budget.toLocaleString('en'),
    summary.builds,
    ms(summary.median),
    ms(summary.p90),
    ms(summary.p99),
    trips ? count(summary.tripsMedian) : '–',
    trips ? count(summary.tripsMax) : '–',
    summary.failed,
  ];
}

function describeNotebook(loadSeconds: number, pgLoadSeconds: number): string {
  const notes = fixture.notes;
  const children = new Map<number, number>();
  const referrings = new Map<number, number>();
  for (const note of notes) {
    if (note.parentId !== undefined) children.set(note.parentId, (children.get(note.parentId) ?? 0) + 1);
    if (note.objectId !== undefined) referrings.set(note.objectId, (referrings.get(note.objectId) ?? 0) + 1);
  }
  const ordinary = notes.slice(0, settings.notes);
  const details = ordinary.map((note) => [...(note.details ?? '')].length).sort((a, b) => a - b);
  const fanOutIds = new Set(generated.fanOutFoci.map((f) => f.id));
  const topReferred = [...referrings.entries()].filter(([id]) => !fanOutIds.has(id)).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([, count]) => count);
  return (
    `Generated with seed ${SEED} (bench/generate-notebook.ts) and loaded with the store's loader in ${loadSeconds.toFixed(1)} s (into PostgreSQL: ${pgLoadSeconds.toFixed(1)} s): ` +
    `${notes.length.toLocaleString('en')} notes in all — ${settings.notes.toLocaleString('en')} in ${settings.notebooks} ordinary notebooks, ` +
    `the rest in a fan-out notebook. Depth up to 10; children per note heavy-tailed (hubs of ${generated.hubs.map((h) => h.children.toLocaleString('en')).join(', ')}); ` +
    `${ordinary.filter((n) => n.objectId !== undefined).length.toLocaleString('en')} reifications, the most referred-to ordinary notes having ${topReferred.join(', ')} referrings; ` +
    `details median ${details[Math.floor(details.length / 2)]} code points, p99 ${details[Math.floor(details.length * 0.99)]}, ${details.filter((n) => n > 10_000).length} over 10,000; ` +
    `${ordinary.filter((n) => /[\u4e00-\u9fff]/.test(n.title)).length.toLocaleString('en')} CJK titles; ${ordinary.filter((n) => n.deletedAt).length} deleted. ` +
    `Machine: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), local MariaDB and PostgreSQL.`
  );
}
