// Timing helpers for the benchmarks: wall-clock per build, summarised as percentiles.
import { buildContext } from '../src/build-context.js';
import type { TokenizerName } from '../src/budget/tokenizer.js';
import type { NoteStore } from '../src/store/note-store.js';

export interface Summary {
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
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Builds one after another, each timed alone; focus notes are taken in turn. */
export async function measureBuilds(plan: BuildPlan): Promise<Summary> {
  const options = (index: number) => ({ focus: plan.foci[index % plan.foci.length]!, budget: plan.budget, tokenizer: plan.tokenizer });
  for (let index = 0; index < (plan.warmUp ?? Math.min(50, plan.builds)); index++) await buildContext(plan.store, options(index));
  const times: number[] = [];
  const trips: number[] = [];
  for (let index = 0; index < plan.builds; index++) {
    const started = performance.now();
    const { report } = await buildContext(plan.store, options(index));
    times.push(performance.now() - started);
    trips.push(report.roundTrips);
  }
  return summarise(times, trips);
}

export function summarise(times: number[], trips: number[]): Summary {
  times.sort((a, b) => a - b);
  trips.sort((a, b) => a - b);
  return {
    builds: times.length,
    median: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    tripsMedian: percentile(trips, 50),
    tripsMax: trips[trips.length - 1] ?? 0,
  };
}

/** Builds per second with `concurrency` builds in flight at once, for `seconds`. */
export async function measureThroughput(plan: Omit<BuildPlan, 'builds'>, concurrency: number, seconds: number): Promise<number> {
  let next = 0;
  let done = 0;
  const ends = performance.now() + seconds * 1000;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < ends) {
      const focus = plan.foci[next++ % plan.foci.length]!;
      await buildContext(plan.store, { focus, budget: plan.budget, tokenizer: plan.tokenizer });
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - started) / 1000);
}

/** A markdown table; numbers are written as given. */
export function markdownTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const align = header.map((_, index) => (index === 0 ? '---' : '---:'));
  return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
