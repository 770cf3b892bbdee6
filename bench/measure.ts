// Timing helpers for the benchmarks: wall-clock per build, summarised as percentiles. A build that
// throws is counted as failed and the line goes on: one timeout must not end a 10-minute run.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildContext } from '../src/build-context.js';
import { serverCpuClock } from './server-cpu.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import type { NoteStore } from '../src/store/note-store.js';

/** Builds that threw, with their distinct messages (first lines, at most three). */
export interface Failures {
  readonly failed: number;
  readonly errors: readonly string[];
}

export interface Summary extends Failures {
  /** Timed builds that succeeded. */
  readonly builds: number;
  readonly median: number;
  readonly p90: number;
  readonly p99: number;
  readonly tripsMedian: number;
  readonly tripsMax: number;
}

export interface BuildPlan {
  readonly store: NoteStore;
  readonly foci: readonly number[];
  readonly budget: number;
  readonly tokenizer: TokenizerName;
  readonly builds: number;
  /** Untimed builds first, for the JIT, the tokenizer's tables and the pool's connections. */
  readonly warmUp?: number;
  /** No further build is started past this many seconds (warm-up included), once 3 were timed. */
  readonly maxSeconds?: number;
}

/** Counts failures and keeps their distinct messages. */
export class FailureCount implements Failures {
  failed = 0;
  readonly errors: string[] = [];

  add(error: unknown): void {
    this.failed++;
    const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).split('\n')[0]!.slice(0, 160);
    if (this.errors.length < 3 && !this.errors.includes(message)) this.errors.push(message);
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The options of the `index`th build of a plan: focus notes are taken in turn. */
export const buildOptions = (plan: Omit<BuildPlan, 'builds'>, index: number) => ({
  focus: plan.foci[index % plan.foci.length]!,
  budget: plan.budget,
  tokenizer: plan.tokenizer,
});

/** Untimed builds; failures are counted. */
export async function warmUp(plan: BuildPlan, failures: FailureCount): Promise<void> {
  for (let index = 0; index < (plan.warmUp ?? Math.min(50, plan.builds)); index++) {
    try {
      await buildContext(plan.store, buildOptions(plan, index));
    } catch (error) {
      failures.add(error);
    }
  }
}

/** Whether a line should start another timed build. */
export function goOn(plan: BuildPlan, started: number, attempted: number): boolean {
  if (attempted >= plan.builds) return false;
  return plan.maxSeconds === undefined || attempted < 3 || performance.now() - started < plan.maxSeconds * 1000;
}

/** Builds one after another, each timed alone. */
export async function measureBuilds(plan: BuildPlan): Promise<Summary> {
  const started = performance.now();
  const failures = new FailureCount();
  await warmUp(plan, failures);
  const times: number[] = [];
  const trips: number[] = [];
  for (let index = 0; goOn(plan, started, index); index++) {
    const buildStarted = performance.now();
    try {
      const { report } = await buildContext(plan.store, buildOptions(plan, index));
      times.push(performance.now() - buildStarted);
      trips.push(report.roundTrips);
    } catch (error) {
      failures.add(error);
    }
  }
  return summarise(times, trips, failures);
}

export function summarise(times: number[], trips: number[], failures: Failures = { failed: 0, errors: [] }): Summary {
  times.sort((a, b) => a - b);
  trips.sort((a, b) => a - b);
  return {
    builds: times.length,
    failed: failures.failed,
    errors: failures.errors,
    median: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    tripsMedian: percentile(trips, 50),
    tripsMax: trips[trips.length - 1] ?? Number.NaN,
  };
}

export interface Throughput extends Failures {
  readonly perSecond: number;
  /** `monitorEventLoopDelay` (resolution 1 ms) while the builds ran: p99 and max, ms. */
  readonly loopDelayP99: number;
  readonly loopDelayMax: number;
  /** CPU time per build of this process (all its threads), ms. */
  readonly nodeCpuPerBuild: number;
  /** CPU time per build of the local database server, ms; NaN when it cannot be read. */
  readonly serverCpuPerBuild: number;
}

/** Builds per second with `concurrency` builds in flight at once, for `seconds`; failed builds do not count. */
export async function measureThroughput(plan: Omit<BuildPlan, 'builds'>, concurrency: number, seconds: number): Promise<Throughput> {
  let next = 0;
  let done = 0;
  const failures = new FailureCount();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const ends = performance.now() + seconds * 1000;
  const started = performance.now();
  const serverCpu = serverCpuClock();
  const serverAtStart = serverCpu?.() ?? Number.NaN;
  const cpuAtStart = process.cpuUsage();
  delay.enable();
  const worker = async () => {
    while (performance.now() < ends) {
      try {
        await buildContext(plan.store, buildOptions(plan, next++));
        done++;
      } catch (error) {
        failures.add(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  delay.disable();
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    perSecond: done / ((performance.now() - started) / 1000),
    nodeCpuPerBuild: (cpu.user + cpu.system) / 1000 / done,
    serverCpuPerBuild: ((serverCpu?.() ?? Number.NaN) - serverAtStart) / done,
    failed: failures.failed,
    errors: failures.errors,
    loopDelayP99: delay.percentile(99) / 1e6,
    loopDelayMax: delay.max / 1e6,
  };
}

/** A markdown table; numbers are written as given. */
export function markdownTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const align = header.map((_, index) => (index === 0 ? '---' : '---:'));
  return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** Milliseconds with 2–3 significant digits; a line with no successful build shows a dash. */
export const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
