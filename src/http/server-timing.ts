import type { BuildTimings } from '../telemetry/build-timings.js';

/**
 * A `Server-Timing` header value for the builds of one request: `build` (start to answer) and
 * `read` (time spent waiting on the store, summed over its read batches), in milliseconds.
 */
export function serverTiming(timings: BuildTimings): string | undefined {
  if (timings.builds === 0) return undefined;
  return `build;dur=${timings.buildMs.toFixed(1)}, read;dur=${timings.readMs.toFixed(1)};desc="${timings.reads} batches"`;
}
