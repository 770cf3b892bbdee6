// How long a build holds the event loop: the longest synchronous stretch of each build, measured by
// a ticker that notes every turn of the loop, beside perf_hooks' event-loop delay histogram.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildContext } from '../src/build-context.js';
import { buildOptions, FailureCount, goOn, percentile, warmUp, type BuildPlan, type Failures } from './measure.js';

export interface LoopBlocking extends Failures {
  /** Builds measured (successful). */
  readonly builds: number;
  /** Longest stretch of each build without a turn of the event loop: median, p99, max (ms). */
  readonly median: number;
  readonly p99: number;
  readonly max: number;
  /**
   * Process CPU time (all threads) spent during each build's longest stretch: p99 (ms). Far below
   * the stretch itself, it says the thread was waiting for a core (a loaded machine), not working.
   */
  readonly cpuP99: number;
  /** `monitorEventLoopDelay` (resolution 1 ms) over the same builds: p99 and max of its samples (ms). */
  readonly delayP99: number;
  readonly delayMax: number;
}

/**
 * Builds one at a time. A `setImmediate` ticker runs every turn of the loop and keeps the longest
 * gap between two turns; a gap is time the loop spent in callbacks and microtasks without coming
 * back (I/O waits do not count: the ticker keeps turning while the build waits on the database).
 * Each build is started by the ticker right after it noted the time, and read once the turn after
 * the build's end has been noted, so its first and last stretches are in its own figure.
 * The ticker keeps the loop from sleeping, so the builds' own times are not reported here.
 */
export async function measureLoopBlocking(plan: BuildPlan): Promise<LoopBlocking> {
  const started = performance.now();
  const failures = new FailureCount();
  await warmUp(plan, failures);

  let last = performance.now();
  let longest = 0;
  let lastCpu = cpuMs();
  let longestCpu = 0;
  let running = true;
  let atTurn: (() => void) | undefined;
  const turn = () => {
    const now = performance.now();
    const cpu = cpuMs();
    if (now - last > longest) {
      longest = now - last;
      longestCpu = cpu - lastCpu;
    }
    last = now;
    lastCpu = cpu;
    const then = atTurn;
    atTurn = undefined;
    then?.();
    if (running) setImmediate(turn);
  };
  const atNextTurn = (then: () => void) =>
    new Promise<void>((resolve) => {
      atTurn = () => {
        then();
        resolve();
      };
    });

  const stretches: number[] = [];
  const cpuTimes: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  setImmediate(turn);
  try {
    for (let index = 0; goOn(plan, started, index); index++) {
      let outcome: Promise<unknown> = Promise.resolve();
      await atNextTurn(() => {
        longest = 0;
        longestCpu = 0;
        try {
          outcome = buildContext(plan.store, buildOptions(plan, index));
        } catch (error) {
          outcome = Promise.reject(error);
        }
      });
      const ok = await outcome.then(
        () => true,
        (error: unknown) => {
          failures.add(error);
          return false;
        },
      );
      await atNextTurn(() => {
        if (!ok) return;
        stretches.push(longest);
        cpuTimes.push(longestCpu);
      });
    }
  } finally {
    running = false;
    delay.disable();
  }
  stretches.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    builds: stretches.length,
    failed: failures.failed,
    errors: failures.errors,
    median: percentile(stretches, 50),
    p99: percentile(stretches, 99),
    max: stretches[stretches.length - 1] ?? Number.NaN,
    cpuP99: percentile(cpuTimes, 99),
    delayP99: delay.percentile(99) / 1e6,
    delayMax: delay.max / 1e6,
  };
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
