import { trace, type Tracer } from '@opentelemetry/api';

/** The tracer of the global provider, a no-op until the host registers an SDK; looked up at each use, so a later provider is used. */
export function noteContextTracer(): Tracer {
  return trace.getTracer('note-context');
}
