import { SpanStatusCode, type Span } from '@opentelemetry/api';

/** Records `error` on a recording span: the exception, and the error status named after it (`fallback` for a non-Error). */
export function recordFailure(span: Span, error: unknown, fallback: string): void {
  if (!span.isRecording()) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : fallback });
}
