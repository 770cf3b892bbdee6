import { AsyncLocalStorage } from 'node:async_hooks';

/** Where the time of one caller's builds went, for a `Server-Timing` header: builds and read batches, and their ms. */
export type BuildTimings = Record<'builds' | 'buildMs' | 'reads' | 'readMs', number>;

/** The timings of the current async context's caller (`getStore()`), if it asked for them. */
export const callerTimings = new AsyncLocalStorage<BuildTimings>();

/** Runs `work` with a fresh {@link BuildTimings} that every build in its async context adds to, and hands both back. */
export function timingBuilds<T>(work: () => Promise<T>): { readonly timings: BuildTimings; readonly done: Promise<T> } {
  const timings: BuildTimings = { builds: 0, buildMs: 0, reads: 0, readMs: 0 };
  return { timings, done: callerTimings.run(timings, work) };
}
