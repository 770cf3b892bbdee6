import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { booleanFromText, numberFromText } from '../build-options.js';
import { ValidationError } from '../note-context-error.js';
import { parseNotebookIds } from '../host/parse-notebook-ids.js';
import { BuildSlots, DEFAULT_MAX_BUILDS } from '../host/build-slots.js';
import { NoteService } from '../host/note-service.js';
import { NotAuthorized } from '../host/service-error.js';
import { checkStore } from '../host/check-store.js';
import type { NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';
import { timingBuilds } from '../telemetry/build-timings.js';
import { trace } from '@opentelemetry/api';
import { bearerTokenCheck } from '../host/bearer-token-check.js';
import { REPORT_HEADER } from './context-envelope-schema.js';
import { ContextQuerySchema, READABLE_NOTEBOOKS_HEADER } from './context-query-schema.js';
import { errorBody, httpErrorOf, type HttpError } from './http-error.js';
import { openApiInfo, openApiRoutes } from './open-api-routes.js';
import { REQUEST_ID_HEADER, traceIdOf } from './request-id-of.js';
import { traceRequests } from './trace-requests.js';

export interface NoteContextPluginOptions {
  /** `MemoryNoteStore`, `MysqlNoteStore` (`note-context/mysql`), `PostgresNoteStore` (`note-context/postgres`), or the host's own. */
  readonly store: NoteStore & NoteFinder;
  /** Resolves when a build could start now (`/readyz`); given up after `timeoutMs` (at most 5 s). Default: a reader opens, reads and closes. */
  readonly check?: (() => Promise<void>) | undefined;
  /** The most any request may read; a request's `X-Readable-Notebooks` may only narrow it. Default: all. */
  readonly readableNotebooks?: readonly number[] | undefined;
  /** When set, every route but the probes needs `Authorization: Bearer <token>` (compared in constant time). */
  readonly token?: string | undefined;
  /** Longest a request may take: its build is stopped then (freeing its connection) and it is answered 503. Default 10000. */
  readonly timeoutMs?: number | undefined;
  /** Builds and searches at once (default 8); more wait in a short queue (`BuildSlots`' defaults), then are refused as busy. */
  readonly maxBuilds?: number | undefined;
  /** The slots the builds run in, when the host already made them (then `maxBuilds` is theirs). */
  readonly slots?: BuildSlots | undefined;
  /** The version the OpenAPI document states. */
  readonly version?: string | undefined;
  /** Prometheus metrics: in `registry` (default: one of the plugin's own), served at `/metrics` unless `route` is false. */
  readonly metrics?: { readonly registry?: Registry; readonly route?: boolean; readonly public?: boolean } | undefined;
}

/** How much longer than `timeoutMs` the framework waits for a handler: builds end at `timeoutMs` themselves, with their own message. */
export const HANDLER_GRACE_MS = 1_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered without a token: probes (and, when so configured, the metrics). */
    noteContextPublic?: boolean;
  }
}

/** The HTTP API as a Fastify plugin, `app.register(noteContextPlugin, { prefix: '/context', store })`; a host's close waits for it. */
export const noteContextPlugin: FastifyPluginAsync<NoteContextPluginOptions> = async (app, options) => {
  // 2^31 − 1 ms is the longest delay a Node timer keeps; a longer one fires at once.
  const timeoutMs = positiveInteger('timeoutMs', options.timeoutMs ?? 10_000, 2 ** 31 - 1 - HANDLER_GRACE_MS);
  const slots = options.slots ?? new BuildSlots({ max: positiveInteger('maxBuilds', options.maxBuilds ?? DEFAULT_MAX_BUILDS, 1_000) });
  const service = new NoteService(options.store, slots);
  // prom-client and @fastify/swagger load only when the plugin is registered: importing the library stays quick.
  const { httpMetrics } = await import('./http-metrics.js');
  const metrics = httpMetrics(slots, options.metrics?.registry);
  const handlerTimeout = timeoutMs + HANDLER_GRACE_MS;
  const bearer = options.token !== undefined;
  const schemas = openApiRoutes({ bearer, publicMetrics: options.metrics?.public === true });

  // Route schemas only document (OpenAPI): zod checks requests with the CLI's messages, and answers are plain JSON.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // A host that runs its own @fastify/swagger collects these routes into its document instead.
  const ownDocument = !app.hasDecorator('swagger');
  if (ownDocument) await app.register((await import('@fastify/swagger')).default, { openapi: openApiInfo({ version: options.version ?? '0.0.0', bearer }) });

  // The methods each route answers, collected as routes are added: what a 405 names in `Allow`.
  const routes: { readonly pattern: RegExp; readonly methods: readonly string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const literal = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    routes.push({ pattern: new RegExp(`^${literal.replace(/:[^/]+/g, '[^/]+')}$`), methods: [route.method].flat() });
  });
  const allowedOn = (path: string) => [...new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods))];
  const inRequestSpan = traceRequests(app);

  app.addHook('onRequest', async (request, reply) => {
    const traceId = traceIdOf(request.headers.traceparent);
    // The request's later lines ("request completed" among them, written by the reply's logger) name the caller's trace.
    if (traceId !== undefined && traceId !== request.id) reply.log = request.log = request.log.child({ traceId });
    void reply.header(REQUEST_ID_HEADER, request.id);
  });

  if (options.token !== undefined) {
    const authorized = bearerTokenCheck(options.token);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.noteContextPublic === true) return;
      if (!authorized(request.headers.authorization)) throw new NotAuthorized('missing or wrong bearer token');
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestSeconds.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1_000);
  });
  // A host's close waits for the builds still running, so it may close the store after it.
  app.addHook('onClose', async () => slots.drained());

  function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
    metrics.errors.inc({ code: error.code, status: error.status });
    if (error.code === 'unauthorized') void reply.header('WWW-Authenticate', 'Bearer');
    if (error.code === 'busy') void reply.header('Retry-After', '1');
    if (error.detail !== undefined) request.log.warn({ detail: error.detail }, error.message);
    return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error));
  }

  app.setErrorHandler((error, request, reply) => {
    const mapped = httpErrorOf(error);
    if (mapped.code === 'internal') request.log.error({ err: error }, 'unexpected failure');
    return sendError(request, reply, mapped);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = allowedOn(path);
    if (allowed.length > 0) {
      void reply.header('Allow', allowed.join(', '));
      return sendError(request, reply, { status: 405, code: 'method_not_allowed', message: `method ${request.method} not allowed on ${path} (allowed: ${allowed.join(', ')})` });
    }
    return sendError(request, reply, { status: 404, code: 'not_found', message: `no route ${request.method} ${path}` });
  });

  async function answerContext(request: FastifyRequest, reply: FastifyReply, input: Record<string, unknown>): Promise<FastifyReply> {
    const { timings, done } = timingBuilds(() => inRequestSpan(request, () => service.context(ContextQuerySchema, input, scopeOf(request))));
    const settled = await done.then((answer) => ({ answer }), (error: unknown) => ({ error }));
    // On failures too (a build that timed out says how long it ran); a request refused before its build started is no build.
    if (timings.builds > 0) {
      metrics.buildSeconds.observe({ outcome: 'answer' in settled ? 'ok' : httpErrorOf(settled.error).code }, timings.buildMs / 1_000);
      void reply.header('Server-Timing', `build;dur=${timings.buildMs.toFixed(1)}, read;dur=${timings.readMs.toFixed(1)};desc="${timings.reads} batches"`);
    }
    if ('error' in settled) throw settled.error;
    const { result, report, text, format } = settled.answer;
    const body = format === 'json' ? JSON.stringify({ result, report }) : text;
    // The tag covers what the answer says, not how it was built (round trips may differ between two equal answers).
    const tag = entityTag(format, body);
    void reply.header('ETag', tag).header('Cache-Control', 'private, no-cache').header('Vary', `${READABLE_NOTEBOOKS_HEADER}, Authorization`);
    if (format === 'prompt') void reply.header(REPORT_HEADER, JSON.stringify(report));
    if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
    return reply.type(format === 'json' ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8').send(body);
  }

  app.get<{ Params: { id: string } }>('/notes/:id/context', { handlerTimeout, schema: schemas['/notes/:id/context'] }, async (request, reply) =>
    answerContext(request, reply, { ...queryInput(request), focus: request.params.id }),
  );

  // The foci listed (ids or uris, separated by commas) under one budget; one focus gives a `GraphRAGResult`, as on the CLI.
  app.get('/context', { handlerTimeout, schema: schemas['/context'] }, async (request, reply) => {
    const input = queryInput(request);
    const foci = typeof input.focus === 'string' ? input.focus.split(',').map((item) => item.trim()) : input.focus;
    return answerContext(request, reply, { ...input, focus: Array.isArray(foci) && foci.length === 1 ? foci[0] : foci });
  });

  app.get('/notes', { handlerTimeout, schema: schemas['/notes'] }, async (request, reply) => {
    const input = queryInput(request);
    const find = async () => service.findNotes(input, scopeOf(request));
    const search = () => trace.getTracer('note-context').startActiveSpan('note-context find notes', (span) => find().finally(() => span.end()));
    const observe = metrics.searchSeconds.startTimer();
    try {
      const notes = await inRequestSpan(request, search);
      void reply.header('Server-Timing', `search;dur=${(observe({ outcome: 'ok' }) * 1_000).toFixed(1)}`);
      return { notes };
    } catch (error) {
      observe({ outcome: httpErrorOf(error).code });
      throw error;
    }
  });

  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const problem = await probeStore(options.check ?? (() => checkStore(options.store)), Math.min(timeoutMs, 5_000));
    return problem === undefined ? { status: 'ok' } : reply.code(503).send({ status: 'unavailable', message: problem });
  };
  const probeRoute = { config: { noteContextPublic: true }, handlerTimeout };
  app.get('/readyz', { ...probeRoute, schema: schemas['/readyz'] }, ready);
  app.get('/health', { ...probeRoute, schema: schemas['/health'] }, ready);
  app.get('/livez', { ...probeRoute, schema: schemas['/livez'] }, async () => ({ status: 'ok' }));

  if (options.metrics?.route !== false) {
    app.get('/metrics', { config: { noteContextPublic: options.metrics?.public === true }, schema: schemas['/metrics'] }, async (_request, reply) =>
      reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
    );
  }

  if (ownDocument) app.get('/openapi.json', { schema: schemas['/openapi.json'] }, async () => app.swagger());

  // The client going away aborts `request.signal`: the build or search stops and frees its connection.
  const scopeOf = (request: FastifyRequest) => ({ readableNotebooks: readableFor(request), signal: request.signal, timeoutMs });

  // Access belongs to the host: a request may narrow the readable notebooks, never widen them.
  function readableFor(request: FastifyRequest): readonly number[] | undefined {
    const header = request.headers[READABLE_NOTEBOOKS_HEADER.toLowerCase()];
    if (header === undefined) return options.readableNotebooks;
    const requested = parseNotebookIds(READABLE_NOTEBOOKS_HEADER, [header].flat().join(','));
    const allowed = options.readableNotebooks && new Set(options.readableNotebooks);
    return allowed ? requested.filter((id) => allowed.has(id)) : requested;
  }
};

function positiveInteger(name: string, value: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > max) throw new ValidationError(name, `expected an integer from 1 to ${max}, got ${value}`);
  return value;
}

/** A weak entity tag of an answer: weak, because compression may change the bytes on the wire. */
function entityTag(format: string, body: string): string {
  const hash = createHash('sha256').update(format, 'utf8').update('\0').update(body, 'utf8').update('\0');
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names `tag` (weak comparison, `*` included). */
function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header !== undefined && header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}

/** A query string as its route's documented query (the zod schema's): numbers, lists and booleans read as the CLI reads them, the rest left to the schema. */
function queryInput(request: FastifyRequest): Record<string, unknown> {
  const types = (request.routeOptions.schema?.querystring as { properties: Record<string, { type?: unknown }> }).properties;
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.query as Record<string, string | string[] | undefined>)) {
    if (value === undefined) continue;
    // Checked here, not left to the schema: a key such as `__proto__` would not survive the copy.
    if (!Object.hasOwn(types, key)) throw new ValidationError(key, 'unknown option', `unknown option ${JSON.stringify(key)}`);
    if (Array.isArray(value)) throw new ValidationError(key, 'given more than once');
    const type = types[key]?.type;
    input[key] =
      type === 'integer' || type === 'number'
        ? numberFromText(value)
        : type === 'array'
          ? value.split(',').map((item) => item.trim())
          : type === 'boolean'
            ? booleanFromText(value)
            : value;
  }
  return input;
}

/** Why the store cannot serve a build now, in words for clients; undefined when `check` resolved within `withinMs`. */
async function probeStore(check: () => Promise<void>, withinMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`the store did not answer within ${withinMs} ms`), withinMs)));
  try {
    return await Promise.race([check().then(() => undefined, (error: unknown) => httpErrorOf(error).message), late]);
  } finally {
    clearTimeout(timer);
  }
}
