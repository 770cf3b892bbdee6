import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Database suites share one MariaDB server; running files one at a time keeps
    // them from competing for its two cores and keeps timings readable.
    fileParallelism: false,
    // The JSON report lets .ci/run print the plain 'N passed, N failed' line CI reads.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // The tests' own rank cache (src/budget/rank-cache.ts), for them and the CLIs they start,
    // rather than the user's ~/.cache.
    env: { NOTE_CONTEXT_CACHE_DIR: join(tmpdir(), 'note-context-test-cache') },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
