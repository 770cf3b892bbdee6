import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A server span per request, under the host's active span or the caller's `traceparent`; returns how to run work inside it. */
export function traceRequests(app: FastifyInstance) {
  const spans = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

  app.addHook('onRequest', async (request) => {
    const active = context.active();
    const parent = trace.getSpan(active) ? active : propagation.extract(ROOT_CONTEXT, request.headers);
    const attributes = { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? request.url };
    const span = trace.getTracer('note-context').startSpan(request.method, { kind: SpanKind.SERVER, attributes }, parent);
    spans.set(request, { span, context: trace.setSpan(parent, span) });
  });

  const end = (request: FastifyRequest, status: number): void => {
    const traced = spans.get(request);
    if (!traced) return;
    spans.delete(request);
    const route = request.routeOptions.url;
    if (route !== undefined) traced.span.updateName(`${request.method} ${route}`).setAttribute('http.route', route);
    traced.span.setAttribute('http.response.status_code', status);
    if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
    traced.span.end();
  };
  app.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
  // The client went away before its answer (499, as proxies log it).
  app.addHook('onRequestAbort', async (request) => end(request, 499));

  return <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    const traced = spans.get(request);
    return traced ? context.with(traced.context, work) : work();
  };
}
