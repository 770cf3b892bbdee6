// npm run bench [-- --quick]: note-context measured the way a notes backend runs it, beside an
// ORM-style baseline, on a generated Doughnut-sized notebook in a throwaway MariaDB database.
// Prints every table and writes docs/benchmarks.md and docs/fan-out.svg (a quick run writes to
// bench/out/ instead, so a smoke run never overwrites the published figures).
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
import type { NoteStore } from '../src/store/note-store.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { generateNotebooks, type GeneratorSettings } from './generate-notebook.js';
import { measureHttpLoad } from './http-load.js';
import { markdownTable, measureBuilds, measureThroughput, ms, type Summary } from './measure.js';
import { OrmStyleStore } from './orm-baseline.js';
import { logLogChart } from './svg-chart.js';

const quick = process.argv.includes('--quick');
const SEED = 20261121;
const settings: GeneratorSettings = quick
  ? { seed: SEED, notes: 20_000, notebooks: 10, hubChildren: [2_000, 1_000], fanOuts: [10, 1_000, 10_000] }
  : { seed: SEED, notes: 100_000, notebooks: 50, hubChildren: [5_000, 3_000, 2_000, 1_000], fanOuts: [10, 1_000, 10_000, 100_000] };
const RANDOM_FOCI = 1_000;
const LATENCY_BUILDS = quick ? 200 : 1_000;
const BASELINE_BUILDS = quick ? 100 : 1_000;
const THROUGHPUT_SECONDS = quick ? 2 : 10;
const MEMORY_BUILDS = quick ? 2_000 : 10_000;
const BUDGETS = [500, 2_000, 8_000] as const;
const TOKENIZERS: readonly TokenizerName[] = ['o200k', 'estimate'];
const outDirectory = new URL(quick ? '../bench/out/' : '../docs/', import.meta.url);
const sections: string[] = [];
const log = (line: string) => console.log(line);
mkdirSync(outDirectory, { recursive: true });

function section(title: string, body: string): void {
  log(`\n## ${title}\n\n${body}`);
  sections.push(`## ${title}\n\n${body}`);
}

// --- the notebook -------------------------------------------------------------------------------
let clock = performance.now();
const generated = generateNotebooks(settings);
const { fixture } = generated;
log(`generated ${fixture.notes.length.toLocaleString('en')} notes in ${((performance.now() - clock) / 1000).toFixed(1)} s`);
const rng = xoroshiro128plus(SEED);
const randomFoci = Array.from({ length: RANDOM_FOCI }, () => generated.ordinaryIds[uniformInt(rng, 0, generated.ordinaryIds.length - 1)]!);

const database = await createTestDatabase();
const pooled = MysqlNoteStore.fromUrl(database.url, { poolSize: 16 });
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

  const memory = new MemoryNoteStore(fixture);
  const mysql = new MysqlNoteStore(database.db);
  const baseline = new OrmStyleStore(database.db);
  const stores = { memory, mysql, baseline } as const;

  section('The notebook', describeNotebook(loadSeconds));

  // The three stores must give the same results, or the comparison means nothing.
  const checkFoci = [...randomFoci.slice(0, quick ? 50 : 200), ...generated.hubs.map((hub) => hub.id), ...generated.fanOutFoci.map((f) => f.id)];
  for (const focus of checkFoci) {
    const [fromMemory, fromMysql, fromBaseline] = await Promise.all(
      [memory, mysql, baseline].map(async (store) => renderJson((await buildContext(store, { focus, budget: 2_000 })).result)),
    );
    if (fromMemory !== fromMysql || fromMemory !== fromBaseline) throw new Error(`the stores disagree on focus ${focus}`);
  }
  log(`checked: the three stores give byte-identical JSON for ${checkFoci.length} focus notes`);

  // --- 1, 2: latency and round trips over random focus notes ---------------------------------------
  const latencyRows: (string | number)[][] = [];
  const latency = new Map<string, Summary>();
  for (const storeName of ['mysql', 'memory'] as const) {
    for (const tokenizer of TOKENIZERS) {
      for (const budget of BUDGETS) {
        const summary = await measureBuilds({ store: stores[storeName], foci: randomFoci, budget, tokenizer, builds: LATENCY_BUILDS });
        latency.set(`${storeName} ${tokenizer} ${budget}`, summary);
        latencyRows.push(row(storeName === 'mysql' ? 'note-context, MySQL' : 'note-context, in memory', tokenizer, budget, summary, storeName === 'mysql'));
        log(`  ${storeName} ${tokenizer} ${budget}: median ${ms(summary.median)} ms`);
      }
    }
  }
  const baselineRandom = await measureBuilds({ store: baseline, foci: randomFoci, budget: 2_000, tokenizer: 'o200k', builds: BASELINE_BUILDS });
  latencyRows.push(row('ORM-style baseline, MySQL', 'o200k', 2_000, baselineRandom, true));
  section(
    'Latency and round trips over random focus notes',
    `${LATENCY_BUILDS} builds per line (baseline: ${BASELINE_BUILDS}), focus notes drawn at random from the ${generated.ordinaryIds.length.toLocaleString('en')} visible notes of the ordinary notebooks (seeded; the same ${RANDOM_FOCI} for every line). Wall-clock per build in process, after ${50} warm-up builds; round trips from each build's report (the snapshot's start and the reads; the rollback is sent as the build returns and not counted).\n\n` +
      markdownTable(['store', 'tokenizer', 'budget', 'median ms', 'p90 ms', 'p99 ms', 'round trips median', 'round trips max'], latencyRows),
  );

  // --- 3: fan-out ---------------------------------------------------------------------------------
  const fanRows: (string | number)[][] = [];
  const fanPoints = { mysql: [] as { x: number; y: number }[], memory: [] as { x: number; y: number }[], baseline: [] as { x: number; y: number }[] };
  const fanMedians = new Map<number, { mysql: number; baseline: number }>();
  for (const { fanOut, id } of generated.fanOutFoci) {
    const few = fanOut >= 100_000 ? 20 : fanOut >= 10_000 ? 50 : 200;
    const fewer = fanOut >= 100_000 ? 3 : fanOut >= 10_000 ? 5 : 50;
    const plan = { foci: [id], budget: 2_000, tokenizer: 'o200k' as const };
    const fromMysql = await measureBuilds({ ...plan, store: mysql, builds: few, warmUp: 3 });
    const fromMemory = await measureBuilds({ ...plan, store: memory, builds: few, warmUp: 3 });
    const fromBaseline = await measureBuilds({ ...plan, store: baseline, builds: fewer, warmUp: 1 });
    fanPoints.mysql.push({ x: fanOut, y: fromMysql.median });
    fanPoints.memory.push({ x: fanOut, y: fromMemory.median });
    fanPoints.baseline.push({ x: fanOut, y: fromBaseline.median });
    fanMedians.set(fanOut, { mysql: fromMysql.median, baseline: fromBaseline.median });
    fanRows.push([
      fanOut.toLocaleString('en'),
      ms(fromMysql.median),
      ms(fromMysql.p90),
      `${fromMysql.tripsMedian} / ${fromMysql.tripsMax}`,
      ms(fromMemory.median),
      ms(fromBaseline.median),
      fromBaseline.tripsMax,
      ratio(fromBaseline.median / fromMysql.median),
    ]);
    log(`  fan-out ${fanOut}: MySQL ${ms(fromMysql.median)} ms, baseline ${ms(fromBaseline.median)} ms`);
  }
  const hubRows: (string | number)[][] = [];
  const hubRatios: number[] = [];
  for (const hub of generated.hubs) {
    const plan = { foci: [hub.id], budget: 2_000, tokenizer: 'o200k' as const };
    const fromMysql = await measureBuilds({ ...plan, store: mysql, builds: 100, warmUp: 3 });
    const fromBaseline = await measureBuilds({ ...plan, store: baseline, builds: 20, warmUp: 1 });
    hubRatios.push(fromBaseline.median / fromMysql.median);
    hubRows.push([`/n${hub.id}, ${hub.children.toLocaleString('en')} children`, ms(fromMysql.median), fromMysql.tripsMax, ms(fromBaseline.median), fromBaseline.tripsMax, ratio(fromBaseline.median / fromMysql.median)]);
  }
  const chartName = quick ? 'fan-out-quick.svg' : 'fan-out.svg';
  writeFileSync(
    new URL(chartName, outDirectory),
    logLogChart('Build latency against fan-out (budget 2,000, o200k)', 'children and referring notes of the focus', 'median ms per build', [
      { name: 'ORM-style baseline', colour: '#c0392b', points: fanPoints.baseline },
      { name: 'note-context, MySQL', colour: '#2471a3', points: fanPoints.mysql },
      { name: 'note-context, memory', colour: '#27ae60', points: fanPoints.memory },
    ]),
  );
  section(
    'Fan-out',
    `A focus note with N children and N notes referring to it (budget 2,000, o200k). Builds per line: note-context 200 (50 at 10,000, 20 at 100,000), baseline 50 (5 at 10,000, 3 at 100,000).\n\n![latency against fan-out](${chartName})\n\n` +
      markdownTable(['fan-out', 'MySQL median ms', 'MySQL p90 ms', 'round trips median / max', 'memory median ms', 'baseline median ms', 'baseline queries', 'baseline / MySQL'], fanRows) +
      '\n\nThe hubs of the generated notebook (100 builds each, baseline 20):\n\n' +
      markdownTable(['hub', 'MySQL median ms', 'round trips max', 'baseline median ms', 'baseline queries', 'baseline / MySQL'], hubRows),
  );

  // --- 4: throughput --------------------------------------------------------------------------------
  const throughputRows: (string | number)[][] = [];
  for (const concurrency of [1, 4, 16]) {
    const perSecond = await measureThroughput({ store: pooled, foci: randomFoci, budget: 2_000, tokenizer: 'o200k' }, concurrency, THROUGHPUT_SECONDS);
    throughputRows.push([concurrency, perSecond.toFixed(0)]);
    log(`  ${concurrency} concurrent: ${perSecond.toFixed(0)} builds/s`);
  }
  const memoryRate = await measureThroughput({ store: memory, foci: randomFoci, budget: 2_000, tokenizer: 'estimate' }, 1, THROUGHPUT_SECONDS);
  section(
    'Throughput',
    `Builds per second over ${THROUGHPUT_SECONDS} s with 1, 4 and 16 builds in flight on one pool of 16 connections (random focus notes, budget 2,000, o200k, MySQL store). Node runs the core on one thread; MariaDB has the other core.\n\n` +
      markdownTable(['concurrent builds', 'builds per second'], throughputRows) +
      `\n\nIn-memory store, \`estimate\`, budget 2,000, one build at a time: **${memoryRate.toFixed(0)} builds per second** on one core.`,
  );

  // --- 5: peak memory -----------------------------------------------------------------------------
  const probe = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', new URL('memory-probe.ts', import.meta.url).pathname, database.url, String(MEMORY_BUILDS), randomFoci.join(',')], {
      encoding: 'utf8',
    }).trim(),
  ) as { peakRssMiB: number; rssAfterWarmUpMiB: number; rssAtEndMiB: number; heapUsedAtEndMiB: number; seconds: number };
  section(
    'Peak memory',
    `A process of its own doing ${MEMORY_BUILDS.toLocaleString('en')} builds one after another (MySQL store, random focus notes, budget 2,000, o200k) in ${probe.seconds.toFixed(1)} s:\n\n` +
      markdownTable(
        ['peak RSS MiB', 'RSS after 100 builds MiB', 'RSS at the end MiB', 'heap used at the end MiB'],
        [[probe.peakRssMiB.toFixed(0), probe.rssAfterWarmUpMiB.toFixed(0), probe.rssAtEndMiB.toFixed(0), probe.heapUsedAtEndMiB.toFixed(0)]],
      ),
  );

  // --- targets --------------------------------------------------------------------------------------
  const main = latency.get('mysql o200k 2000')!;
  const tripsMax = Math.max(...[...latency.entries()].filter(([key]) => key.startsWith('mysql') && key.endsWith(' 2000')).map(([, summary]) => summary.tripsMax));
  const fanOuts = generated.fanOutFoci.map((f) => f.fanOut);
  // The HTTP service, in a process of its own, under autocannon.
  const load = await measureHttpLoad(database.url, randomFoci, [1, 16, 64], quick ? 3 : 10);
  section(
    'The HTTP service',
    `\`note-context serve\` on the MySQL database (its own process, \`--max-builds 64\`), driven by autocannon with ` +
      `\`GET /notes/{id}/context?budget=2000\` over the random focus notes, ${quick ? 3 : 10} s per line. ` +
      `RSS of the server: ${load.rssBeforeMiB.toFixed(0)} MiB before, ${load.rssAfterMiB.toFixed(0)} MiB after.\n\n` +
      markdownTable(
        ['connections', 'requests per second', 'p50 ms', 'p99 ms', 'errors (non-200 included)'],
        load.rows.map((row) => [row.connections, row.requestsPerSecond.toFixed(0), row.p50, row.p99, row.errors]),
      ),
  );

  // A hostile note: the focus holds 1 MB of one character, its parent and sibling 1 MB titles.
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
      await buildContext(hostile, { focus: 2, budget: 2_000, tokenizer });
      hostileRows.push([tokenizer, round, ms(performance.now() - started)]);
    }
  }
  section(
    'Pathological text',
    'A build whose focus note has 1 MB of one repeated character and whose parent, sibling and child have 1 MB titles ' +
      '(gpt-tokenizer alone needs minutes for one such text; counts stay exact, see src/budget/bpe-count.ts). ' +
      'The first build of a process also builds the rank table (~0.1–0.2 s); long chunks are merged once per process.\n\n' +
      markdownTable(['tokenizer', 'build', 'ms'], hostileRows),
  );

  const smallest = fanMedians.get(Math.min(...fanOuts))!;
  const largest = fanMedians.get(Math.max(...fanOuts))!;
  const hubFanRatios = fanOuts.filter((n) => n >= 1_000).map((n) => fanMedians.get(n)!.baseline / fanMedians.get(n)!.mysql);
  const worstHubRatio = Math.min(...hubRatios, ...hubFanRatios);
  const ordinaryRatio = baselineRandom.median / main.median;
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  section(
    'Against the targets',
    markdownTable(
      ['target', 'measured', ''],
      [
        ['MySQL, o200k, budget 2,000: median ≤ 3 ms', `${ms(main.median)} ms`, met(main.median <= 3)],
        ['… and p99 ≤ 15 ms', `${ms(main.p99)} ms`, met(main.p99 <= 15)],
        ['round trips ≤ 10 per build at budget 2,000 (max, both tokenizers)', String(tripsMax), met(tripsMax <= 10)],
        [`fan-out ${Math.max(...fanOuts).toLocaleString('en')} ≤ 1.5× fan-out ${Math.min(...fanOuts)}`, `${(largest.mysql / smallest.mysql).toFixed(1)}× (${ms(largest.mysql)} vs ${ms(smallest.mysql)} ms)`, met(largest.mysql <= 1.5 * smallest.mysql)],
        ['≥ 10× faster than the baseline on hub notes (worst hub)', `${worstHubRatio.toFixed(0)}×`, met(worstHubRatio >= 10)],
        ['≥ 3× faster on ordinary notes (medians, random foci)', `${ordinaryRatio.toFixed(1)}×`, met(ordinaryRatio >= 3)],
        ['in memory, estimate: ≥ 10,000 builds/s on one core', `${memoryRate.toFixed(0)} builds/s`, met(memoryRate >= 10_000)],
      ],
    ),
  );
} finally {
  await pooled.destroy();
  await database.drop();
}

function row(what: string, tokenizer: string, budget: number, summary: Summary, trips: boolean): (string | number)[] {
  return [what, tokenizer, budget.toLocaleString('en'), ms(summary.median), ms(summary.p90), ms(summary.p99), trips ? summary.tripsMedian : '–', trips ? summary.tripsMax : '–'];
}

function describeNotebook(loadSeconds: number): string {
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
    `Generated with seed ${SEED} (bench/generate-notebook.ts) and loaded with the store's loader in ${loadSeconds.toFixed(1)} s: ` +
    `${notes.length.toLocaleString('en')} notes in all — ${settings.notes.toLocaleString('en')} in ${settings.notebooks} ordinary notebooks, ` +
    `the rest in a fan-out notebook. Depth up to 10; children per note heavy-tailed (hubs of ${generated.hubs.map((h) => h.children.toLocaleString('en')).join(', ')}); ` +
    `${ordinary.filter((n) => n.objectId !== undefined).length.toLocaleString('en')} reifications, the most referred-to ordinary notes having ${topReferred.join(', ')} referrings; ` +
    `details median ${details[Math.floor(details.length / 2)]} code points, p99 ${details[Math.floor(details.length * 0.99)]}, ${details.filter((n) => n > 10_000).length} over 10,000; ` +
    `${ordinary.filter((n) => /[\u4e00-\u9fff]/.test(n.title)).length.toLocaleString('en')} CJK titles; ${ordinary.filter((n) => n.deletedAt).length} deleted. ` +
    `Machine: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), local MariaDB.`
  );
}

const document =
  `# Benchmarks\n\nMade by \`npm run bench${quick ? ' -- --quick' : ''}\` (bench/run.ts). Everything is made by the run itself: the notebook, ` +
  'a throwaway MariaDB database, the baseline. The baseline does the same builds with the same core, reading the way a ' +
  'lazy-loading ORM does (bench/orm-baseline.ts: entities loaded whole by id, each relation list loaded whole on first ' +
  'use, one query per navigation, an identity map per build); the run first checks that the in-memory store, the MySQL ' +
  'store and the baseline give byte-identical JSON.\n\n' +
  sections.join('\n\n') +
  '\n';
writeFileSync(new URL(quick ? 'benchmarks-quick.md' : 'benchmarks.md', outDirectory), document);
log(`\nwritten to ${new URL(quick ? 'benchmarks-quick.md' : 'benchmarks.md', outDirectory).pathname}`);

function ratio(value: number): string {
  return `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}×`;
}
