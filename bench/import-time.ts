// npm run build && npx tsx bench/import-time.ts [--other=DIR] [--runs=20]
// What importing each entry of the built package costs a host: a fresh process per run,
// `node --input-type=module -e "await import(entry)"`, timed from spawn to exit (wall ms) and by
// the process's own CPU time at the end of the import (Node's start-up included; less disturbed
// than the wall clock by a busy machine). With --other=DIR, another checkout built with
// `npm run build`, its root entry takes turns with this one's: a before and after of what the
// root loads, met by the same moments of the machine. An import with nothing is the floor.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { markdownTable, ms, percentile } from './measure.js';

interface ImportCase {
  readonly name: string;
  /** The module imported, or none for the floor. */
  readonly url: string | undefined;
}

interface ImportTiming {
  readonly name: string;
  readonly wallMedian: number;
  readonly wallMin: number;
  readonly wallMax: number;
  readonly cpuMedian: number;
}

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

/** A built checkout's module, checked to be there. */
function builtModule(directory: string, path: string): string {
  const file = resolve(directory, 'dist', path);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build in ${directory} first`);
  return pathToFileURL(file).href;
}

/** One fresh process importing `url`; resolves to its wall ms and its CPU ms at the end of the import. */
function importOnce(url: string | undefined): { wall: number; cpu: number } {
  const code = `${url === undefined ? '' : `await import(${JSON.stringify(url)});`} const { user, system } = process.cpuUsage(); console.log((user + system) / 1000);`;
  const started = process.hrtime.bigint();
  const { error, status, stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (error) throw error;
  if (status !== 0) throw new Error(`importing ${url} failed: ${stderr.split('\n')[0]}`);
  return { wall, cpu: Number(stdout.trim()) };
}

/** Every case `runs` times after `warmUp` untimed rounds, the cases taking turns. */
export function measureImports(cases: readonly ImportCase[], runs = 20, warmUp = 2): ImportTiming[] {
  const walls = cases.map(() => [] as number[]);
  const cpus = cases.map(() => [] as number[]);
  for (let round = 0; round < warmUp + runs; round++) {
    cases.forEach(({ url }, index) => {
      const { wall, cpu } = importOnce(url);
      if (round < warmUp) return;
      walls[index]!.push(wall);
      cpus[index]!.push(cpu);
    });
  }
  return cases.map(({ name }, index) => {
    const wall = walls[index]!.sort((a, b) => a - b);
    const cpu = cpus[index]!.sort((a, b) => a - b);
    return { name, wallMedian: percentile(wall, 50), wallMin: wall[0]!, wallMax: wall[wall.length - 1]!, cpuMedian: percentile(cpu, 50) };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const self = fileURLToPath(new URL('..', import.meta.url));
  const other = argument('other');
  const runs = Number(argument('runs') ?? 20);
  const cases: ImportCase[] = [
    { name: 'nothing (the floor)', url: undefined },
    ...(other === undefined ? [] : [{ name: `note-context, ${other}`, url: builtModule(other, 'index.js') }]),
    { name: 'note-context', url: builtModule(self, 'index.js') },
    { name: 'note-context/mysql', url: builtModule(self, 'store/mysql/index.js') },
    { name: 'note-context/postgres', url: builtModule(self, 'store/postgres/index.js') },
  ];
  const timings = measureImports(cases, runs);
  console.log(
    markdownTable(
      ['import (a fresh process each run)', 'wall median ms', 'min', 'max', 'CPU median ms'],
      timings.map(({ name, wallMedian, wallMin, wallMax, cpuMedian }) => [name, ms(wallMedian), ms(wallMin), ms(wallMax), ms(cpuMedian)]),
    ),
  );
}
