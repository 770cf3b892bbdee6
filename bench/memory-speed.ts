// npx tsx bench/memory-speed.ts [estimate|o200k] [--seconds=N]: the in-memory store alone, on the
// notebook of the full benchmark run. Prints builds per second with `estimate` (one build at a
// time, budget 2,000) and per-build latency with `o200k` (median, p90, p99), both over the same
// 1,000 seeded random foci after warm-up, and a digest of the results so that a change that
// claims to change nothing can be checked against the run before it. Quicker than `npm run bench`
// (no database); for profiling: node --cpu-prof --import tsx bench/memory-speed.ts estimate.
import { createHash } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { buildContext } from '../src/build-context.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import { renderJson } from '../src/result/render-json.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { generateNotebooks } from './generate-notebook.js';
import { measureBuilds, measureThroughput, ms } from './measure.js';

const SEED = 20261121;
const RANDOM_FOCI = 1_000;
const BUDGET = 2_000;
const only = process.argv.slice(2).find((argument) => !argument.startsWith('--')) as TokenizerName | undefined;
const seconds = Number(process.argv.find((argument) => argument.startsWith('--seconds='))?.split('=')[1] ?? 5);

let clock = performance.now();
const generated = generateNotebooks({
  seed: SEED,
  notes: 100_000,
  notebooks: 50,
  hubChildren: [5_000, 3_000, 2_000, 1_000],
  fanOuts: [10, 1_000, 10_000],
});
const rng = xoroshiro128plus(SEED);
const foci = Array.from({ length: RANDOM_FOCI }, () => generated.ordinaryIds[uniformInt(rng, 0, generated.ordinaryIds.length - 1)]!);
const store = new MemoryNoteStore(generated.fixture);
console.log(`generated ${generated.fixture.notes.length.toLocaleString('en')} notes in ${((performance.now() - clock) / 1000).toFixed(1)} s`);

/**
 * A digest of every result and report over the foci, to compare runs before and after a change.
 * The report's counts are left out: they describe the build as it ran, and a build that lets the
 * event loop run (see `Deadline`) may read pages at other moments and count differently.
 */
async function digest(tokenizer: TokenizerName): Promise<string> {
  const results = createHash('sha256');
  const reports = createHash('sha256');
  for (const focus of foci) {
    const { result, report } = await buildContext(store, { focus, budget: BUDGET, tokenizer });
    results.update(renderJson(result));
    const { skippedCount, candidatesConsidered, endedEarly, ...fixed } = report;
    reports.update(JSON.stringify(fixed));
  }
  return `${results.digest('hex').slice(0, 12)}, reports ${reports.digest('hex').slice(0, 12)}`;
}

if (only === undefined || only === 'estimate') {
  clock = performance.now();
  console.log(`estimate: results digest ${await digest('estimate')} (${((performance.now() - clock) / 1000).toFixed(1)} s, also the warm-up)`);
  // On a shared machine the wall clock counts other processes' turns too; CPU time does not.
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { perSecond: rate } = await measureThroughput({ store, foci, budget: BUDGET, tokenizer: "estimate" }, 1, seconds);
  const { user, system } = process.cpuUsage(cpu);
  const perCpuSecond = (rate * (performance.now() - started)) / ((user + system) / 1000);
  console.log(`estimate: ${rate.toFixed(0)} builds/s (one at a time, ${seconds} s); ${perCpuSecond.toFixed(0)} per CPU second of this process`);
}
if (only === undefined || only === 'o200k') {
  // Timed first, as in the full benchmark: 50 warm-up builds, then each of the 1,000 foci once.
  const summary = await measureBuilds({ store, foci, budget: BUDGET, tokenizer: 'o200k', builds: RANDOM_FOCI });
  console.log(`o200k: median ${ms(summary.median)} ms, p90 ${ms(summary.p90)} ms, p99 ${ms(summary.p99)} ms`);
  const again = await measureBuilds({ store, foci, budget: BUDGET, tokenizer: 'o200k', builds: RANDOM_FOCI, warmUp: 0 });
  console.log(`o200k, the same foci again (counts remembered): median ${ms(again.median)} ms, p90 ${ms(again.p90)} ms, p99 ${ms(again.p99)} ms`);
  console.log(`o200k: results digest ${await digest('o200k')}`);
}
