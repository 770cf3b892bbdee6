import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Seeds fast-check for every file, from NOTE_CONTEXT_TEST_SEED or a fixed default.
    setupFiles: ['test/setup/seeded-fast-check.ts'],
    // Database suites share one MariaDB server; running files one at a time keeps
    // them from competing for its two cores and keeps timings readable.
    fileParallelism: false,
    // The JSON report lets .ci/run print the plain 'N passed, N failed' line CI reads.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
