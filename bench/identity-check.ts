// npx tsx bench/identity-check.ts OUT.txt [--foci N] [--without-index]: one line per build case, its result and
// report (round trips aside) hashed, for every note of the sample notebook and N (2,000) random
// foci of a generated notebook, every tokenizer, both formats, budgets 0/40/400/2,000, in memory
// and in MySQL. Run it on two versions of the code and compare the files (`cmp a.txt b.txt`):
// equal files mean every build gave byte-identical results and reports. `--without-ledger` leaves
// the report's `added` (the ledger of spec section 9) out of the hash, to compare with a version
// whose reports have none; `--without-focus-cost` leaves `focusCost` out.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { buildContext } from '../src/build-context.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import { renderJson } from '../src/result/render-json.js';
import { parseFixture, type Fixture } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { generateNotebooks } from './generate-notebook.js';

const [out, ...flags] = process.argv.slice(2);
if (!out) throw new Error('usage: tsx bench/identity-check.ts OUT.txt [--foci N]');
const fociAt = flags.indexOf('--foci');
const FOCI = fociAt >= 0 ? Number(flags[fociAt + 1]) : 2_000;
const WITHOUT_LEDGER = flags.includes('--without-ledger');
/** `--without-focus-cost`: the report's `focusCost` left out, to compare with a version whose `estimate` focus cost came from its other formula. */
const WITHOUT_FOCUS_COST = flags.includes('--without-focus-cost');
/** The note table without the recommended index: the MySQL store then orders its pages by an expression no index serves. */
const recommendedIndex = !flags.includes('--without-index');
const TOKENIZERS: readonly TokenizerName[] = ['o200k', 'cl100k', 'estimate', 'one-per-note'];
const FORMATS = ['json', 'prompt'] as const;
const BUDGETS = [0, 40, 400, 2_000] as const;
/** Builds in flight at once against MySQL, so the database's round trips overlap. */
const IN_FLIGHT = 8;

const sample = parseFixture(JSON.parse(readFileSync(new URL('../fixtures/sample-notebook.json', import.meta.url), 'utf8')));
const generated = generateNotebooks({ seed: 20261121, notes: 20_000, notebooks: 10, hubChildren: [2_000, 1_000], fanOuts: [10, 1_000] });
const rng = xoroshiro128plus(7);
const randomFoci = Array.from({ length: FOCI }, () => generated.ordinaryIds[uniformInt(rng, 0, generated.ordinaryIds.length - 1)]!);

const lines: string[] = [];
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

async function outcomeOf(store: NoteStore, focus: number, tokenizer: TokenizerName, format: 'json' | 'prompt', budget: number): Promise<string> {
  try {
    const { result, report } = await buildContext(store, { focus, budget, tokenizer, format });
    const { roundTrips: _roundTrips, ...kept } = report;
    const { added: _added, ...withoutLedger } = kept;
    const rest: Partial<typeof kept> = WITHOUT_LEDGER ? withoutLedger : kept;
    if (WITHOUT_FOCUS_COST) delete rest.focusCost;
    return hash(`${renderJson(result)}\n${JSON.stringify(rest)}`);
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

async function check(name: string, fixture: Fixture, foci: readonly number[]): Promise<void> {
  const database = await createTestDatabase();
  try {
    await loadFixture(database.db, fixture, { batchSize: 2_000, recommendedIndex });
    const stores = { memory: new MemoryNoteStore(fixture), mysql: new MysqlNoteStore(database.db) } as const;
    for (const [storeName, store] of Object.entries(stores)) {
      const cases = foci.flatMap((focus, index) =>
        TOKENIZERS.flatMap((tokenizer) =>
          FORMATS.flatMap((format) => BUDGETS.map((budget) => ({ key: `${name} #${index} n${focus} ${tokenizer} ${format} ${budget} ${storeName}`, focus, tokenizer, format, budget }))),
        ),
      );
      const found: string[] = new Array(cases.length);
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const at = next++;
          const { focus, tokenizer, format, budget } = cases[at]!;
          found[at] = await outcomeOf(store, focus, tokenizer, format, budget);
        }
      };
      await Promise.all(Array.from({ length: storeName === 'mysql' ? IN_FLIGHT : 1 }, worker));
      cases.forEach(({ key }, index) => lines.push(`${key} ${found[index]}`));
      console.log(`${name}, ${storeName}: ${cases.length} cases`);
    }
  } finally {
    await database.drop();
  }
}

await check('sample', sample, sample.notes.map((note) => note.id));
await check('generated', generated.fixture, randomFoci);
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`${lines.length} cases written to ${out}`);
process.exit(0);
