import { AsyncLocalStorage } from 'node:async_hooks';

/** Where the time of the builds run for one caller went, for a `Server-Timing` header. */
export interface BuildTimings {
  /** Builds run, and their time from start to answer (ms). */
  builds: number;
  buildMs: number;
  /** Read batches sent to the store, and the time spent waiting on them (ms, summed). */
  reads: number;
  readMs: number;
}

const current = new AsyncLocalStorage<BuildTimings>();

/**
 * Runs `work` with a fresh {@link BuildTimings} that every build it starts adds to (see
 * `inBuildSpan` and `tracedReader`), and hands both back. Work that another caller starts later
 * on this one's behalf is counted only if it runs in this one's async context.
 */
export function timingBuilds<T>(work: () => Promise<T>): { readonly timings: BuildTimings; readonly done: Promise<T> } {
  const timings: BuildTimings = { builds: 0, buildMs: 0, reads: 0, readMs: 0 };
  return { timings, done: current.run(timings, work) };
}

/** The timings of the caller the current async context belongs to, if it asked for them. */
export function currentBuildTimings(): BuildTimings | undefined {
  return current.getStore();
}
