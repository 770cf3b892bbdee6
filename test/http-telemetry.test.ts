import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BuildSlots } from '../src/host/build-slots.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { createHttpServer } from '../src/http/create-http-server.js';
import { httpMetrics } from '../src/http/http-metrics.js';
import { Registry } from 'prom-client';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteFinder } from '../src/store/note-finder.js';
import type { NoteStore } from '../src/store/note-store.js';
import { GatedStore } from './support/gated-store.js';
import { recording } from './support/recording-store.js';

const sample = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));
const exporter = new InMemorySpanExporter();

// What a host does to see spans: an SDK provider, a context manager, the W3C propagator.
beforeAll(() => {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});
afterEach(() => exporter.reset());

/** The sample notebook behind a store that reads in batches, as a database store does, each batch recorded. */
function batchedSample(): { store: NoteStore & NoteFinder; batches: () => number } {
  const { store, seen } = recording(sample);
  return { store: { openReader: (scope, signal) => store.openReader(scope, signal), findNotes: (q, o) => sample.findNotes(q, o) }, batches: () => seen.batches.length };
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const named = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name);

// The spans of `buildContext` itself: test/build-spans.test.ts.
describe('spans (@opentelemetry/api, an in-memory exporter registered)', () => {
  it('over HTTP: the request span continues the caller\'s traceparent, and the build and its reads sit under it', async () => {
    const { store, batches } = batchedSample();
    const app = await createHttpServer({ store, timeoutMs: 10_000, log: { level: 'silent' } });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const response = await fetch(`${url}/notes/19/context?budget=500`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      await until(() => named('GET /notes/:id/context').length === 1);
      const [request] = named('GET /notes/:id/context');
      expect(request!.spanContext().traceId).toBe(traceId);
      expect(parentOf(request!)).toBe('00f067aa0ba902b7');
      expect(request!.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/notes/:id/context', 'http.response.status_code': 200 });
      const [build] = named('note-context build');
      expect(parentOf(build!)).toBe(request!.spanContext().spanId);
      const reads = named('note-context read');
      expect(reads).toHaveLength(batches());
      expect(reads.every((read) => parentOf(read) === build!.spanContext().spanId)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('a build that waited for a slot: its spans sit under its own request, and its Server-Timing counts its own build', async () => {
    const { store } = batchedSample();
    const gated = new GatedStore(store);
    const slots = new BuildSlots({ max: 1 });
    const app = await createHttpServer({ store: gated, slots, timeoutMs: 10_000, log: { level: 'silent' } });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const traces = ['4bf92f3577b34da6a3ce929d0e0e4736', '0af7651916cd43dd8448eb211c80319c'];
      const get = (traceId: string) => fetch(`${url}/notes/19/context?budget=500`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
      const first = get(traces[0]!);
      await until(() => gated.waiting === 1);
      // The second starts in the slot the first frees, from the first's completion.
      const second = get(traces[1]!);
      await until(() => slots.queued === 1);
      gated.release();
      for (const response of await Promise.all([first, second])) {
        expect(response.status).toBe(200);
        expect(response.headers.get('server-timing')).toMatch(/^build;dur=\d+\.\d, read;dur=\d+\.\d;desc="[1-9]\d* batches"$/);
        await response.arrayBuffer();
      }
      await until(() => named('GET /notes/:id/context').length === 2);
      const builds = named('note-context build');
      expect(builds).toHaveLength(2);
      for (const traceId of traces) {
        const request = named('GET /notes/:id/context').find((span) => span.spanContext().traceId === traceId)!;
        const build = builds.find((span) => span.spanContext().traceId === traceId)!;
        expect(parentOf(build)).toBe(request.spanContext().spanId);
      }
    } finally {
      await app.close();
    }
  });
});

describe('logs, metrics and Server-Timing', () => {
  it('a request log line: JSON, with the caller\'s request id, echoed in X-Request-Id; the token never logged', async () => {
    const lines: string[] = [];
    const app = await createHttpServer({ store: sample, timeoutMs: 10_000, token: 'tok-s3cret', log: { stream: { write: (line) => lines.push(line) } } });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const auth = { Authorization: 'Bearer tok-s3cret' };
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const response = await fetch(`${url}/notes/19/context?budget=100`, { headers: { ...auth, 'X-Request-Id': 'backend-42', traceparent } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBe('backend-42');
      // An id that is no safe token is replaced; a traceparent's trace id stands in for a missing id.
      const odd = await fetch(`${url}/livez`, { headers: { 'X-Request-Id': 'a b; x'.repeat(40) } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const traced = await fetch(`${url}/livez`, { headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } });
      expect(traced.headers.get('x-request-id')).toBe('0af7651916cd43dd8448eb211c80319c');
      await fetch(`${url}/notes/19/context?budget=100`, { headers: { Authorization: 'Bearer wrong-s3cret' } });

      await until(() => lines.filter((line) => line.includes('request completed')).length === 4);
      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const completed = parsed.find((line) => line.msg === 'request completed' && line.reqId === 'backend-42')!;
      expect(completed).toMatchObject({ level: 30, reqId: 'backend-42', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', res: { statusCode: 200 } });
      expect(typeof completed.responseTime).toBe('number');
      const incoming = parsed.find((line) => line.msg === 'incoming request' && line.reqId === 'backend-42')!;
      expect(incoming.req).toMatchObject({ method: 'GET', url: '/notes/19/context?budget=100' });
      expect(lines.join('')).not.toMatch(/s3cret/);
    } finally {
      await app.close();
    }
  });

  it('an unexpected failure: 500 "internal error" to the client, the stack in an error-level log line with the request id', async () => {
    const lines: string[] = [];
    const broken: NoteStore & NoteFinder = {
      openReader: async () => {
        throw new TypeError('cannot read properties of undefined (reading "rows")');
      },
      findNotes: (query, options) => sample.findNotes(query, options),
    };
    const app = await createHttpServer({ store: broken, timeoutMs: 10_000, log: { stream: { write: (line) => lines.push(line) } } });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${url}/notes/19/context?budget=100`, { headers: { 'X-Request-Id': 'broken-1' } });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ code: 'internal', message: 'internal error' });
      const failure = lines.map((line) => JSON.parse(line) as { level: number; reqId?: string; err?: { stack?: string } }).find((line) => line.level === 50)!;
      expect(failure.reqId).toBe('broken-1');
      expect(failure.err!.stack).toMatch(/^TypeError: cannot read properties of undefined[^]*\n\s+at /);
    } finally {
      await app.close();
    }
  });

  it('GET /metrics (Prometheus text): build latency, builds in flight, errors by code, request latency by route', async () => {
    const app = await createHttpServer({ store: batchedSample().store, timeoutMs: 10_000, log: { level: 'silent' } });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      for (const budget of [100, 200, 300]) expect((await fetch(`${url}/notes/19/context?budget=${budget}`)).status).toBe(200);
      expect((await fetch(`${url}/notes/99999/context?budget=1`)).status).toBe(404);
      expect((await fetch(`${url}/notes/19/context?budget=x`)).status).toBe(400);
      expect((await fetch(`${url}/notes?query=wat`)).status).toBe(200);
      const scrape = await fetch(`${url}/metrics`);
      expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await scrape.text();
      const value = (series: string) => Number(new RegExp(`^${series.replace(/[{}"+]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
      expect(value('note_context_build_duration_seconds_count{outcome="ok"}')).toBe(3);
      expect(value('note_context_build_duration_seconds_count{outcome="not_found"}')).toBe(1);
      // A bad parameter is refused before any build starts.
      expect(text).not.toMatch(/note_context_build_duration_seconds_count\{outcome="invalid_input"\}/);
      expect(value('note_context_http_errors_total{code="invalid_input",status="400"}')).toBe(1);
      expect(value('note_context_http_errors_total{code="not_found",status="404"}')).toBe(1);
      expect(value('note_context_search_duration_seconds_count{outcome="ok"}')).toBe(1);
      expect(value('note_context_http_request_duration_seconds_count{method="GET",route="/notes/:id/context",status="200"}')).toBe(3);
      expect(value('note_context_builds_in_flight')).toBe(0);
      expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('the slots\' queue, when they keep one, is a gauge of its own; a host\'s registry gets the metrics without the process defaults', async () => {
    const load = { inFlight: 2, queued: 0 };
    const registry = new Registry();
    httpMetrics(load, registry);
    load.queued = 3;
    const text = await registry.metrics();
    expect(text).toMatch(/^note_context_builds_in_flight 2$/m);
    expect(text).toMatch(/^note_context_builds_queued 3$/m);
    expect(text).not.toMatch(/^process_/m);
    expect(await httpMetrics({ inFlight: 0 }).registry.metrics()).not.toMatch(/builds_queued/);
  });

  it('Server-Timing on context answers: the build and the time its read batches took', async () => {
    const app = await createHttpServer({ store: batchedSample().store, timeoutMs: 10_000, log: { level: 'silent' } });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${url}/notes/19/context?budget=2000`);
      const header = response.headers.get('server-timing')!;
      const match = /^build;dur=(\d+\.\d), read;dur=(\d+\.\d);desc="(\d+) batches"$/.exec(header);
      expect(match, header).not.toBeNull();
      expect(Number(match![2])).toBeLessThanOrEqual(Number(match![1]));
      expect(Number(match![3])).toBeGreaterThan(1);
      expect((await fetch(`${url}/notes?query=wat`)).headers.get('server-timing')).toMatch(/^search;dur=\d+\.\d$/);
      const several = (await fetch(`${url}/context?focus=19,27&budget=2000`)).headers.get('server-timing')!;
      expect(several).toMatch(/^build;dur=\d+\.\d, read;dur=\d+\.\d;desc="[1-9]\d* batches"$/);

    } finally {
      await app.close();
    }
    // A build that timed out still says how long it ran: here all of it waiting for a reader, no read batch.
    const stalled = await createHttpServer({ store: new GatedStore(sample), timeoutMs: 300, log: { level: 'silent' } });
    try {
      const url = await stalled.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${url}/notes/19/context?budget=100`);
      expect(response.status).toBe(503);
      const [, build, read] = /^build;dur=(\d+\.\d), read;dur=(\d+\.\d);desc="0 batches"$/.exec(response.headers.get('server-timing') ?? '') ?? [];
      expect(Number(build)).toBeGreaterThanOrEqual(290);
      expect(Number(read)).toBe(0);
    } finally {
      await stalled.close();
    }
  });
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
