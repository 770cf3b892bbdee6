// npx tsx bench/beyond-one-focus.ts [--rounds N] [--mysql]: what spec section 9's options cost and buy.
//  1. Several foci: one build of 3 foci against the 3 single builds of the same foci (same budget
//     each), on the generated notebook of `npm run bench -- --quick` (20k notes, hubs, fan-outs).
//  2. `fit: shorten` against `skip`: the same single builds, both ways.
//  3. Budget utilization (tokens added ÷ budget) of `shorten` against `skip` on the sample
//     notebook, every note as focus, at budgets 60, 100 and 400, for o200k and estimate.
// Times: the best round's mean milliseconds per build (per 3-foci group for line 1).
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { buildContext } from '../src/build-context.js';
import type { AnyBuildOptions } from '../src/build-options.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { createTestDatabase, type TestDatabase } from '../test/support/mysql-test-database.js';
import { generateNotebooks } from './generate-notebook.js';

const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 3;
const WITH_MYSQL = process.argv.includes('--mysql');

const generated = generateNotebooks({ seed: 20261121, notes: 20_000, notebooks: 10, hubChildren: [2_000, 1_000], fanOuts: [10, 1_000, 10_000] });
const rng = xoroshiro128plus(20);
const groups = Array.from({ length: 20 }, () => Array.from({ length: 3 }, () => generated.ordinaryIds[uniformInt(rng, 0, generated.ordinaryIds.length - 1)]!))
  .filter((group) => new Set(group).size === 3);

/** The best round's mean milliseconds of `run` over `items`. */
async function best<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (const item of items) await run(item);
    fastest = Math.min(fastest, (performance.now() - started) / items.length);
  }
  return fastest;
}

let database: TestDatabase | undefined;
try {
  const stores: Record<string, NoteStore> = { memory: new MemoryNoteStore(generated.fixture) };
  if (WITH_MYSQL) {
    database = await createTestDatabase();
    await loadFixture(database.db, generated.fixture, { batchSize: 2_000 });
    stores.mysql = new MysqlNoteStore(database.db);
  }
  console.log('| store | tokenizer, budget | 3 foci, one build | 3 single builds | ratio | skip, per build | shorten, per build | ratio |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [storeName, store] of Object.entries(stores)) {
    for (const [tokenizer, budget] of [['o200k', 2_000], ['estimate', 500]] as [TokenizerName, number][]) {
      const build = (options: Omit<AnyBuildOptions, 'budget' | 'tokenizer'>) => buildContext(store, { ...options, budget, tokenizer });
      const together = await best(groups, (group) => build({ focus: group }));
      const apart = await best(groups, (group) => Promise.all(group.map((focus) => build({ focus }))));
      const singles = groups.flat();
      const skip = await best(singles, (focus) => build({ focus }));
      const shorten = await best(singles, (focus) => build({ focus, fit: 'shorten' }));
      console.log(
        `| ${storeName} | ${tokenizer}, ${budget} | ${together.toFixed(2)} ms | ${apart.toFixed(2)} ms | ${(together / apart).toFixed(2)}x | ` +
          `${skip.toFixed(2)} ms | ${shorten.toFixed(2)} ms | ${(shorten / skip).toFixed(2)}x |`,
      );
    }
  }

  const sample = await readFixtureFile(sampleNotebookPath);
  const sampleStore = new MemoryNoteStore(sample);
  console.log('\n| sample notebook, every note as focus | budget | skip: used ÷ budget | shorten: used ÷ budget | notes shortened |');
  console.log('|---|---|---|---|---|');
  for (const tokenizer of ['o200k', 'estimate'] as const) {
    for (const budget of [60, 100, 400]) {
      const totals = { skip: 0, shorten: 0, shortened: 0 };
      for (const note of sample.notes) {
        const options = { focus: note.id, budget, tokenizer };
        const skipped = await buildContext(sampleStore, options).catch(() => undefined);
        if (!skipped) continue; // a deleted note
        const shortened = await buildContext(sampleStore, { ...options, fit: 'shorten' });
        totals.skip += skipped.report.used / budget;
        totals.shorten += shortened.report.used / budget;
        totals.shortened += shortened.report.added.filter((piece) => piece.shortened).length;
      }
      const builds = sample.notes.filter((note) => note.deletedAt === undefined).length;
      const percent = (sum: number) => `${((100 * sum) / builds).toFixed(1)} %`;
      console.log(`| ${tokenizer} | ${budget} | ${percent(totals.skip)} | ${percent(totals.shorten)} | ${totals.shortened} in ${builds} builds |`);
    }
  }
} finally {
  await database?.drop();
}
process.exit(0);
