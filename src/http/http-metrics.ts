import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from a note in memory (~1 ms) to the default timeout (10 s). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The HTTP API's Prometheus metrics; a registry made here also holds the process's default metrics. */
export function httpMetrics(load: { readonly inFlight: number; readonly queued?: number }, given?: Registry) {
  const registry = given ?? new Registry();
  if (!given) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const histogram = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Histogram<L>({ name, help, labelNames, buckets: DURATION_BUCKETS, registers });
  const requests = 'HTTP requests by method, route pattern and status, from receipt to answer.';
  const metrics = {
    registry,
    requestSeconds: histogram('note_context_http_request_duration_seconds', requests, ['method', 'route', 'status']),
    buildSeconds: histogram('note_context_build_duration_seconds', 'Context builds, from start to result, by outcome (ok or the error code).', ['outcome']),
    searchSeconds: histogram('note_context_search_duration_seconds', 'Title searches, waiting for a slot included, by outcome (ok or the error code).', ['outcome']),
    errors: new Counter({ name: 'note_context_http_errors_total', help: 'Error answers by code and status.', labelNames: ['code', 'status'], registers }),
  };
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({ name, help, registers, collect() { this.set(value()); } });
  gauge('note_context_builds_in_flight', 'Builds and searches running now.', () => load.inFlight);
  if (load.queued !== undefined) gauge('note_context_builds_queued', 'Builds and searches waiting for a slot.', () => load.queued ?? 0);
  return metrics;
}
