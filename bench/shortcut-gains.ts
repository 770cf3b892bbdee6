// npx tsx bench/shortcut-gains.ts [--rounds N]: what each shortcut buys. On the generated notebook
// of `npm run bench -- --quick` (20k notes, hubs, fan-outs), in memory and in MySQL, it times
// the same builds with every shortcut, with each one left out in turn, and with none, in
// rounds whose order turns, and prints per line the best round's mean milliseconds per build and round trips,
// and for each shortcut the ratio (time without it / time with all). The results must not
// change: every variant's results are hashed and compared.
import { createHash } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { build } from '../src/build-context.js';
import { resolveBuildOptions } from '../src/build-options.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import { renderJson } from '../src/result/render-json.js';
import { costFloor } from '../src/shortcuts/cost-floor.js';
import { earlyStop } from '../src/shortcuts/early-stop.js';
import { readAhead } from '../src/shortcuts/read-ahead.js';
import type { Shortcut, WalkState } from '../src/shortcuts/shortcut.js';
import { takeShortcuts, type ShortcutPlan } from '../src/shortcuts/take-shortcuts.js';
import { stepOver } from '../src/shortcuts/step-over.js';
import { warmDependents } from '../src/shortcuts/warm-dependents.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { generateNotebooks } from './generate-notebook.js';

const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 3;
const SHORTCUTS: Record<string, (state: WalkState) => Shortcut> = {
  'cost floor': costFloor,
  'step over': stepOver,
  'early stop': earlyStop,
  'read ahead': readAhead,
  'warm dependents': warmDependents,
};
const NAMES = Object.keys(SHORTCUTS);
const variants: Record<string, readonly string[]> = {
  all: NAMES,
  ...Object.fromEntries(NAMES.map((name) => [`without ${name}`, NAMES.filter((other) => other !== name)])),
  none: [],
};

const generated = generateNotebooks({ seed: 20261121, notes: 20_000, notebooks: 10, hubChildren: [2_000, 1_000], fanOuts: [10, 1_000, 10_000] });
const rng = xoroshiro128plus(11);
const random = Array.from({ length: 40 }, () => generated.ordinaryIds[uniformInt(rng, 0, generated.ordinaryIds.length - 1)]!);
const hubs = [...generated.hubs.map((hub) => hub.id), ...generated.fanOutFoci.map((fanOut) => fanOut.id)];
const lines: { name: string; foci: readonly number[]; budget: number; tokenizer: TokenizerName }[] = [
  { name: 'random foci, o200k, 2,000', foci: random, budget: 2_000, tokenizer: 'o200k' },
  { name: 'random foci, estimate, 500', foci: random, budget: 500, tokenizer: 'estimate' },
  { name: 'hubs and fan-outs, o200k, 2,000', foci: hubs, budget: 2_000, tokenizer: 'o200k' },
  { name: 'hubs and fan-outs, estimate, 500', foci: hubs, budget: 500, tokenizer: 'estimate' },
  { name: 'hubs and fan-outs, o200k, 8,000', foci: hubs, budget: 8_000, tokenizer: 'o200k' },
];

const database = await createTestDatabase();
try {
  await loadFixture(database.db, generated.fixture, { batchSize: 2_000 });
  const stores: Record<string, NoteStore> = { memory: new MemoryNoteStore(generated.fixture), mysql: new MysqlNoteStore(database.db) };
  const times = new Map<string, number[]>();
  const trips = new Map<string, number>();
  const digests = new Map<string, string>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [storeName, store] of Object.entries(stores)) {
      for (const line of lines) {
        // The order turns each round: a variant run later finds the tokenizer's counts remembered.
        const order = Object.entries(variants);
        for (const [variant, names] of [...order.slice(round % order.length), ...order.slice(0, round % order.length)]) {
          const plan: ShortcutPlan = { firstReads: takeShortcuts.firstReads, walk: (state: WalkState) => names.map((name) => SHORTCUTS[name]!(state)) };
          const hash = createHash('sha256');
          let roundTrips = 0;
          const started = performance.now();
          for (const focus of line.foci) {
            const options = resolveBuildOptions({ focus, budget: line.budget, tokenizer: line.tokenizer });
            const { result, report } = await build(store, options, plan);
            hash.update(renderJson(result)).update(JSON.stringify(report.skipped)).update(String(report.used));
            roundTrips += report.roundTrips;
          }
          const key = `${storeName} | ${line.name} | ${variant}`;
          const mean = (performance.now() - started) / line.foci.length;
          times.set(key, [...(times.get(key) ?? []), mean]);
          trips.set(key, roundTrips / line.foci.length);
          const digest = hash.digest('hex');
          const lineKey = `${storeName} | ${line.name}`;
          if ((digests.get(lineKey) ?? digest) !== digest) throw new Error(`${key}: the results differ from the other variants'`);
          digests.set(lineKey, digest);
        }
      }
    }
  }
  const best = (key: string) => Math.min(...times.get(key)!);
  console.log(`| store | line | ${Object.keys(variants).join(' | ')} |`);
  console.log(`|---|---|${Object.keys(variants).map(() => '---').join('|')}|`);
  for (const storeName of Object.keys(stores)) {
    for (const line of lines) {
      const base = `${storeName} | ${line.name}`;
      const all = best(`${base} | all`);
      const cells = Object.keys(variants).map((variant) => {
        const key = `${base} | ${variant}`;
        const ratio = variant === 'all' ? '' : ` (${(best(key) / all).toFixed(2)}x)`;
        return `${best(key).toFixed(1)} ms, ${trips.get(key)!.toFixed(1)} rt${ratio}`;
      });
      console.log(`| ${base} | ${cells.join(' | ')} |`);
    }
  }
} finally {
  await database.drop();
}
process.exit(0);
