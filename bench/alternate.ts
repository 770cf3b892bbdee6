// npx tsx bench/alternate.ts --other=DIR [--self=DIR] [--quick] [--lines=memory,mysql,cold,fan,hub] [--repeat=N]: this
// checkout's compiled library against another checkout's (DIR, built with `npm run build`), in
// one process, build by build. Whole runs of `npm run bench` move together by tens of percent on a
// shared machine; here both versions meet the same moment of the machine, because each focus is
// built by both, in turns (this one first on even foci, the other first on odd ones).
// Prints, per line, each side's median / p90 / p99 in ms, the ratio this / other, and the most
// round trips a build took (mean and most), and checks that both sides return the same result for every build.
// `--repeat=N` builds each fan-out focus and hub N times (5 and 20 by default; a p90 of 20 builds swings).
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { generateNotebooks } from './generate-notebook.js';
import { markdownTable, percentile } from './measure.js';

/** What both versions of the library export under the same names. */
interface Library {
  buildContext(store: unknown, options: object): Promise<{ result: unknown; report: { roundTrips: number } }>;
  renderJson(result: unknown): string;
  MemoryNoteStore: new (fixture: unknown) => unknown;
  MysqlNoteStore: { fromUrl(url: string, options?: object): { destroy(): Promise<void> } };
  loadFixture(db: unknown, fixture: unknown, options?: object): Promise<void>;
}

const argument = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const otherDirectory = argument('other');
if (otherDirectory === undefined) throw new Error('alternate: --other=DIR is required (a checkout built with npm run build)');
const quick = process.argv.includes('--quick');
const repeat = argument('repeat') === undefined ? undefined : Number(argument('repeat'));
if (repeat !== undefined && !(Number.isInteger(repeat) && repeat > 0)) throw new Error('alternate: --repeat=N needs a whole number above 0');
const fanBuilds = repeat ?? 5;
const hubBuilds = repeat ?? 20;
const lines = new Set((argument('lines') ?? 'memory,cold,mysql,fan,hub').split(','));
/** A checkout's root entry with its MySQL entry (dist/store/mysql/index.js; a checkout from before that entry has the store in its root). */
const load = async (directory: string): Promise<Library> => {
  const module = (path: string) => pathToFileURL(resolve(directory, path)).href;
  const mysql = existsSync(resolve(directory, 'dist/store/mysql/index.js')) ? await import(module('dist/store/mysql/index.js')) : {};
  return { ...(await import(module('dist/index.js'))), ...mysql } as Library;
};
const self = await load(argument('self') ?? new URL('..', import.meta.url).pathname);
const other = await load(otherDirectory);

const SEED = 20261121;
const generated = generateNotebooks(
  quick
    ? { seed: SEED, notes: 20_000, notebooks: 10, hubChildren: [2_000, 1_000], fanOuts: [10, 1_000, 10_000] }
    : { seed: SEED, notes: 100_000, notebooks: 50, hubChildren: [5_000, 3_000, 2_000, 1_000], fanOuts: [10, 1_000, 10_000] },
);
const rng = xoroshiro128plus(SEED);
const foci = Array.from({ length: 1_000 }, () => generated.ordinaryIds[uniformInt(rng, 0, generated.ordinaryIds.length - 1)]!);
const BUILDS = quick ? 300 : 1_000;

interface Side {
  readonly library: Library;
  readonly store: unknown;
  readonly times: number[];
  trips: number;
  allTrips: number;
}

interface SideSummary {
  readonly median: number;
  readonly p90: number;
  readonly p99: number;
  readonly trips: number;
  readonly meanTrips: number;
}

const rows: (string | number)[][] = [];
let disagreements = 0;

async function timed(side: Side, options: object): Promise<string> {
  const started = performance.now();
  const { result, report } = await side.library.buildContext(side.store, options);
  side.times.push(performance.now() - started);
  side.trips = Math.max(side.trips, report.roundTrips);
  side.allTrips += report.roundTrips;
  return side.library.renderJson(result);
}

/** Each focus built by both sides in turns; `warmUp` builds of each first, untimed. */
async function line(name: string, stores: readonly [unknown, unknown], focusList: readonly number[], options: object, warmUp = 50): Promise<void> {
  const sides: Side[] = [self, other].map((library, index) => ({ library, store: stores[index], times: [], trips: 0, allTrips: 0 }));
  for (let index = 0; index < warmUp; index++) for (const side of sides) await side.library.buildContext(side.store, { ...options, focus: focusList[index % focusList.length] });
  for (const side of sides) {
    side.times.length = 0;
    side.trips = side.allTrips = 0;
  }
  for (let index = 0; index < focusList.length; index++) {
    const order = index % 2 === 0 ? sides : [sides[1]!, sides[0]!];
    const [first, second] = [await timed(order[0]!, { ...options, focus: focusList[index] }), await timed(order[1]!, { ...options, focus: focusList[index] })];
    if (first !== second) disagreements++;
  }
  const [mine, theirs] = sides.map((side) => {
    const sorted = [...side.times].sort((a, b) => a - b);
    return { median: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), trips: side.trips, meanTrips: side.allTrips / side.times.length };
  }) as [SideSummary, SideSummary];
  const cell = (s: SideSummary) => `${s.median.toFixed(3)} / ${s.p90.toFixed(3)} / ${s.p99.toFixed(3)}`;
  const row = [name, focusList.length, cell(mine), cell(theirs), (mine.median / theirs.median).toFixed(2), (mine.p90 / theirs.p90).toFixed(2), (mine.p99 / theirs.p99).toFixed(2), `${mine.meanTrips.toFixed(2)} / ${theirs.meanTrips.toFixed(2)}`, `${mine.trips} / ${theirs.trips}`];
  rows.push(row);
  console.log(row.join(' | '));
}

const randomFoci = foci.slice(0, BUILDS);
const fanFoci = generated.fanOutFoci.map((f) => f.id);
const hubFoci = generated.hubs.map((hub) => hub.id);
const memory = [new self.MemoryNoteStore(generated.fixture), new other.MemoryNoteStore(generated.fixture)] as const;

if (lines.has('cold')) {
  // First, while no count is remembered: every focus is met once by each side.
  await line('memory o200k 2000, cold', memory, randomFoci, { budget: 2_000, tokenizer: 'o200k' }, 0);
}
if (lines.has('memory')) {
  for (const tokenizer of ['estimate', 'o200k'])
    for (const budget of [500, 2_000, 8_000]) await line(`memory ${tokenizer} ${budget}`, memory, budget === 2_000 ? randomFoci : randomFoci.slice(0, BUILDS / 2), { budget, tokenizer });
}
if (lines.has('fan')) {
  for (const focus of fanFoci) await line(`memory fan-out focus ${focus}`, memory, Array(fanBuilds).fill(focus), { budget: 2_000, tokenizer: 'o200k' }, 1);
}
if (lines.has('mysql') || lines.has('fan') || lines.has('hub')) {
  const database = await createTestDatabase();
  const mysql = [self.MysqlNoteStore.fromUrl(database.url, { poolSize: 16 }), other.MysqlNoteStore.fromUrl(database.url, { poolSize: 16 })] as const;
  try {
    await self.loadFixture(database.db, generated.fixture, { batchSize: 2_000 });
    if (lines.has('mysql'))
      for (const tokenizer of ['estimate', 'o200k'])
        for (const budget of [500, 2_000, 8_000]) await line(`MySQL ${tokenizer} ${budget}`, mysql, budget === 2_000 ? randomFoci : randomFoci.slice(0, BUILDS / 2), { budget, tokenizer });
    if (lines.has('fan')) for (const focus of fanFoci) await line(`MySQL fan-out focus ${focus}`, mysql, Array(fanBuilds).fill(focus), { budget: 2_000, tokenizer: 'o200k' }, 1);
    if (lines.has('hub')) for (const focus of hubFoci) await line(`MySQL hub ${focus}`, mysql, Array(hubBuilds).fill(focus), { budget: 2_000, tokenizer: 'o200k' }, 1);
  } finally {
    await Promise.all(mysql.map((store) => store.destroy()));
    await database.drop();
  }
}

console.log(
  `\n${markdownTable(['line', 'builds', 'this: median / p90 / p99 ms', 'other: median / p90 / p99 ms', 'median ×', 'p90 ×', 'p99 ×', 'round trips, mean', 'most round trips'], rows)}\n`,
);
console.log(disagreements === 0 ? 'both sides returned the same result for every build' : `! the sides disagreed on ${disagreements} builds`);
process.exitCode = disagreements === 0 ? 0 : 1;
