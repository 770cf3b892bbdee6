// The performance targets ("Close to the floor"), each beside the figure first measured for it
// and the figure of this run.
import { markdownTable, ms } from './measure.js';

/** The run's figures the targets are checked against; NaN where a line had no successful build. */
export interface TargetFigures {
  readonly mysqlMedian: number;
  readonly mysqlP99: number;
  readonly roundTripsMax: number;
  readonly fanOuts: readonly { readonly fanOut: number; readonly mysql: number; readonly baseline: number }[];
  readonly hubs: readonly { readonly name: string; readonly mysql: number; readonly baseline: number }[];
  readonly baselineRandomMedian: number;
  readonly memoryEstimatePerSecond: number;
  readonly memoryO200kP99: number;
  readonly blockingP99: { readonly mysql: number; readonly memory: number };
  readonly cliMainJob: number;
  readonly cliFlagError: number;
  readonly mysql16PerSecond: number;
}

const ratio = (value: number) => (Number.isNaN(value) ? '–' : `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}×`);
const verdict = (value: number, ok: boolean) => (Number.isNaN(value) ? '**not measured**' : ok ? 'met' : '**missed**');

/** The lowest ratio baseline / note-context among the points, and where it is. */
function worst(points: readonly { name: string; mysql: number; baseline: number }[]): { ratio: number; where: string } {
  const rated = points.map((p) => ({ ...p, ratio: p.baseline / p.mysql })).filter((p) => !Number.isNaN(p.ratio));
  if (rated.length === 0) return { ratio: Number.NaN, where: '' };
  const lowest = rated.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  return { ratio: lowest.ratio, where: `${lowest.name} (${ms(lowest.mysql)} vs ${ms(lowest.baseline)} ms)` };
}

export function targetsTable(f: TargetFigures): string {
  const fanOut = worst(f.fanOuts.map((p) => ({ ...p, name: `fan-out ${p.fanOut.toLocaleString('en')}` })));
  const hubs = worst([...f.hubs, ...f.fanOuts.filter((p) => p.fanOut >= 1_000).map((p) => ({ ...p, name: `fan-out ${p.fanOut.toLocaleString('en')}` }))]);
  const ordinary = f.baselineRandomMedian / f.mysqlMedian;
  const blocking = Math.max(f.blockingP99.mysql, f.blockingP99.memory);
  const smallest = f.fanOuts[0];
  const largest = f.fanOuts[f.fanOuts.length - 1];
  const flat = smallest && largest ? largest.mysql / smallest.mysql : Number.NaN;
  const rows: (string | number)[][] = [
    ['MySQL, o200k, budget 2,000, random foci: median ≤ 3 ms', '9.0 ms', `${ms(f.mysqlMedian)} ms`, verdict(f.mysqlMedian, f.mysqlMedian <= 3)],
    ['… p99 ≤ 15 ms', '61 ms', `${ms(f.mysqlP99)} ms`, verdict(f.mysqlP99, f.mysqlP99 <= 15)],
    ['round trips ≤ 10 per build at budget 2,000 (max, both tokenizers; earlier target)', '10', Number.isNaN(f.roundTripsMax) ? '–' : String(f.roundTripsMax), verdict(f.roundTripsMax, f.roundTripsMax <= 10)],
    ['never slower than the baseline at any fan-out (worst baseline / MySQL)', '0.4× at fan-out 10', `${ratio(fanOut.ratio)} at ${fanOut.where}`, verdict(fanOut.ratio, fanOut.ratio >= 1)],
    ['≥ 3× faster than the baseline over random foci (medians)', '1.6×', ratio(ordinary), verdict(ordinary, ordinary >= 3)],
    ['≥ 10× faster than the baseline on hubs (worst of the hubs and fan-outs ≥ 1,000)', '2.2×', `${ratio(hubs.ratio)} at ${hubs.where}`, verdict(hubs.ratio, hubs.ratio >= 10)],
    ['in memory, estimate, budget 2,000: ≥ 10,000 builds/s on one core', '934', `${f.memoryEstimatePerSecond.toFixed(0)}`, verdict(f.memoryEstimatePerSecond, f.memoryEstimatePerSecond >= 10_000)],
    ['in memory, o200k, budget 2,000: p99 ≤ 5 ms', '44 ms', `${ms(f.memoryO200kP99)} ms`, verdict(f.memoryO200kP99, f.memoryO200kP99 <= 5)],
    ['longest stretch a build blocks the event loop: p99 ≤ 5 ms (the worse of MySQL and in memory)', '100–240 ms under load', `${ms(blocking)} ms (MySQL ${ms(f.blockingP99.mysql)}, in memory ${ms(f.blockingP99.memory)})`, verdict(blocking, blocking <= 5)],
    ['CLI main job (`build` on the sample notebook), wall clock median ≤ 250 ms', '~1.1 s', `${ms(f.cliMainJob)} ms`, verdict(f.cliMainJob, f.cliMainJob <= 250)],
    ['CLI flag error, wall clock median ≤ 150 ms', '≈ 1 s (every module loaded at start)', `${ms(f.cliFlagError)} ms`, verdict(f.cliFlagError, f.cliFlagError <= 150)],
    ['MySQL store, 16 concurrent builds on one pool: ≥ 500 builds/s', '124', `${f.mysql16PerSecond.toFixed(0)}`, verdict(f.mysql16PerSecond, f.mysql16PerSecond >= 500)],
    [
      `fan-out ${largest?.fanOut.toLocaleString('en')} ≤ 1.5× fan-out ${smallest?.fanOut} (MySQL medians; earlier target)`,
      '1.1×',
      `${ratio(flat)} (${ms(largest?.mysql ?? Number.NaN)} vs ${ms(smallest?.mysql ?? Number.NaN)} ms)`,
      verdict(flat, flat <= 1.5),
    ],
  ];
  return markdownTable(['target', 'first measured', 'this run', ''], rows);
}
