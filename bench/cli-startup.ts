// npm run build && npx tsx bench/cli-startup.ts [--runs=15]
// The built CLI's wall clock as a user sees it: `node dist/cli/main.js …` started afresh for every
// run, timed from spawn to exit, beside `node -e 0` (Node's own start-up on this machine). The
// commands take turns, so a machine that slows down slows them all. Most of the time is module
// loading; test/cli-startup.test.ts pins which modules each command loads.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { markdownTable, ms, percentile } from './measure.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

export const CLI_COMMANDS: readonly { readonly name: string; readonly args: readonly string[] }[] = [
  { name: '`node -e 0` (the floor)', args: ['-e', '0'] },
  { name: '`--help`', args: [CLI, '--help'] },
  { name: 'a flag error (`build --budget nope`)', args: [CLI, 'build', '--budget', 'nope'] },
  { name: 'the main job (`build --focus /n19 --budget 2000 --format prompt`)', args: [CLI, 'build', '--focus', '/n19', '--budget', '2000', '--format', 'prompt'] },
];

export interface CliTiming {
  readonly name: string;
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** Wall-clock ms of each command over `runs` fresh processes, after `warmUp` untimed ones. */
export function measureCliStartup(runs = 15, warmUp = 2): CliTiming[] {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  const times = CLI_COMMANDS.map(() => [] as number[]);
  for (let round = 0; round < warmUp + runs; round++) {
    CLI_COMMANDS.forEach(({ args }, index) => {
      const started = process.hrtime.bigint();
      const { error } = spawnSync(process.execPath, args, { stdio: 'ignore' });
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      if (error) throw error;
      if (round >= warmUp) times[index]!.push(elapsed);
    });
  }
  return CLI_COMMANDS.map(({ name }, index) => {
    const sorted = times[index]!.sort((a, b) => a - b);
    return { name, median: percentile(sorted, 50), min: sorted[0]!, max: sorted[sorted.length - 1]! };
  });
}

export function cliStartupTable(timings: readonly CliTiming[]): string {
  return markdownTable(
    ['command (a fresh process each run)', 'median ms', 'min', 'max'],
    timings.map(({ name, median, min, max }) => [name, ms(median), ms(min), ms(max)]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 15);
  console.log(`${cliStartupTable(measureCliStartup(runs))}\n`);
}
