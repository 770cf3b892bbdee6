import fc from 'fast-check';
import { beforeEach } from 'vitest';

/**
 * Every property of every test file draws from one seed: `NOTE_CONTEXT_TEST_SEED` when set,
 * else a fixed one, so a run is the same run each time and the counts the properties assert (how
 * often the generators reached each case) are stable. A failing property prints the seed and
 * fast-check's path; setting `NOTE_CONTEXT_TEST_SEED` to that seed replays it (docs/internals.md,
 * "Tests").
 */
export const DEFAULT_SEED = 20_260_101;

const SEED_VARIABLE = 'NOTE_CONTEXT_TEST_SEED';

function seedOf(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_SEED;
  const seed = Number(text);
  // fast-check takes a 32-bit integer, and prints negative ones as they are.
  if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 32) {
    throw new Error(`${SEED_VARIABLE} must be an integer between -2147483648 and 4294967295, not ${JSON.stringify(text)}`);
  }
  return seed | 0;
}

const seed = seedOf(process.env[SEED_VARIABLE]);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => {
    const file = task.file?.name ?? '';
    console.error(
      `Test failed with fast-check seed ${seed}. Replay: ${SEED_VARIABLE}=${seed} npx vitest run ${file} -t ${JSON.stringify(task.name)} ` +
        "(a property's own message gives its seed and path: pass { seed, path } to that fc.assert to start at its counterexample)",
    );
  });
});
