import { SpanStatusCode, type Span } from '@opentelemetry/api';
import type { BuildTimings } from './build-timings.js';

/** Runs `work` in `span`, then ends it: a failure recorded on it, the time counted in `timings` (`builds` and `buildMs`, say). */
export async function timedSpan<T>(span: Span, timings: BuildTimings | undefined, kind: 'build' | 'read', work: () => Promise<T>): Promise<T> {
  const started = timings && performance.now();
  try {
    return await work();
  } catch (error) {
    if (span.isRecording()) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : `${kind} failed` });
    }
    throw error;
  } finally {
    if (timings) {
      timings[`${kind}s`]++;
      timings[`${kind}Ms`] += performance.now() - started!;
    }
    span.end();
  }
}
