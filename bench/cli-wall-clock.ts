// The wall clock of the built CLI, `node dist/cli/main.js …`, as a user sees it: one process per
// run, from spawn to exit, timed with performance.now() around execFile.
import { execFile } from 'node:child_process';
import { FailureCount, percentile, type Failures } from './measure.js';

export interface CliCase {
  readonly name: string;
  readonly args: readonly string[];
  readonly exitCode: number;
}

export interface CliTiming extends Failures {
  readonly name: string;
  readonly command: string;
  /** Runs that ended with the expected exit code. */
  readonly runs: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** Runs `node <main> <args>` once; resolves to its exit code (a signal counts as 128 + 9). */
function run(main: string, args: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve) => {
    execFile(process.execPath, [main, ...args], { cwd, maxBuffer: 16 << 20 }, (error) => {
      if (!error) return resolve(0);
      resolve(typeof error.code === 'number' ? error.code : 137);
    });
  });
}

/**
 * Each case is run once untimed (the file cache), then `runs` times, the cases taking turns so
 * that a slow moment of the machine does not fall on one case only. A run whose exit code is not
 * the expected one is a failure and is not timed.
 */
export async function measureCli(main: string, cwd: string, cases: readonly CliCase[], runs: number): Promise<CliTiming[]> {
  const times = cases.map(() => [] as number[]);
  const failures = cases.map(() => new FailureCount());
  for (const item of cases) await run(main, item.args, cwd);
  for (let round = 0; round < runs; round++) {
    for (const [index, item] of cases.entries()) {
      const started = performance.now();
      const code = await run(main, item.args, cwd);
      const elapsed = performance.now() - started;
      if (code === item.exitCode) times[index]!.push(elapsed);
      else failures[index]!.add(new Error(`exit code ${code}, expected ${item.exitCode}`));
    }
  }
  return cases.map((item, index) => {
    const sorted = times[index]!.sort((a, b) => a - b);
    return {
      name: item.name,
      command: `note-context ${item.args.join(' ')}`,
      runs: sorted.length,
      median: percentile(sorted, 50),
      min: sorted[0] ?? Number.NaN,
      max: sorted[sorted.length - 1] ?? Number.NaN,
      failed: failures[index]!.failed,
      errors: failures[index]!.errors,
    };
  });
}
