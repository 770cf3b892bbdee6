import { trace, type Tracer } from '@opentelemetry/api';

/** The instrumentation scope of note-context's spans. */
export const TRACER_NAME = 'note-context';

/**
 * The tracer of the globally registered provider: a no-op until the host registers an
 * OpenTelemetry SDK. Looked up at each use, so a provider registered later is used.
 */
export function noteContextTracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}
