import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { readableNotebooksFor, parseNotebookIds } from '../service/access.js';
import type { NoteService } from '../service/note-service.js';
import { FindNotesRequestSchema } from '../service/requests.js';
import { NotAuthorized, serviceErrorOf, type ServiceError } from '../service/service-error.js';
import { bearerTokenCheck } from './bearer-token.js';
import { registerContextRoute } from './context-route.js';
import { ContextQuerySchema, READABLE_NOTEBOOKS_HEADER, REPORT_HEADER, type ErrorBodySchema } from './http-schemas.js';
import { openApiDocument } from './openapi.js';
import { queryInput } from './query-input.js';
import type { z } from 'zod';

export interface HttpServerOptions {
  readonly service: NoteService;
  /** Resolves when the store can serve a build now (`GET /health`). */
  readonly check: () => Promise<void>;
  /** The server's own bound on readable notebooks; a request's header may only narrow it. */
  readonly readableNotebooks?: readonly number[] | undefined;
  /** When set, every request but `GET /health` needs `Authorization: Bearer <token>`. */
  readonly token?: string | undefined;
  /** Longest a request may take: its build is stopped then (freeing its connection) and it is answered 503. */
  readonly timeoutMs: number;
  readonly version: string;
  /** Where unexpected failures are logged, with their stack; responses never carry one. */
  readonly log: (line: string) => void;
}

/**
 * How much longer than `timeoutMs` the framework waits for a handler. Builds and searches end at
 * `timeoutMs` themselves, with their own message; the framework's timeout only backs them up.
 */
export const HANDLER_GRACE_MS = 1_000;

/** Routes that answer without a token: probes from a load balancer carry no secret. */
const PUBLIC_ROUTES = new Set(['/health']);

/** The HTTP API, ready to `listen`; `close()` stops it gracefully. */
export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  const { service, timeoutMs } = options;
  const app = Fastify({
    logger: false,
    // Answers 503 and aborts `request.signal` when a handler runs longer.
    handlerTimeout: timeoutMs + HANDLER_GRACE_MS,
    // Receiving a request may not take longer either (slow clients).
    requestTimeout: timeoutMs,
    // Once closing: new requests get 503, idle keep-alive sockets close, in-flight requests finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  // The framework refuses requests that arrive once closing; those already in flight end with
  // `Connection: close`, so their keep-alive sockets do not hold the close open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('Connection', 'close');
  });

  if (options.token !== undefined) {
    const authorized = bearerTokenCheck(options.token);
    app.addHook('onRequest', async (request) => {
      if (PUBLIC_ROUTES.has(request.routeOptions.url ?? '')) return;
      if (!authorized(request.headers.authorization)) throw new NotAuthorized('missing or wrong bearer token');
    });
  }

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const mapped = httpErrorOf(error);
    if (mapped.code === 'internal') options.log(`note-context serve: ${error.stack ?? error.message}`);
    if (mapped.code === 'unauthorized') void reply.header('WWW-Authenticate', 'Bearer');
    if (mapped.code === 'busy') void reply.header('Retry-After', '1');
    return reply.code(mapped.status).send(errorBody(mapped));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody({ code: 'not_found', message: `no route ${request.method} ${request.url.split('?')[0]}` })),
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, string | string[]> }>('/notes/:id/context', async (request, reply) => {
    const { result, report, text, format } = await service.context(
      ContextQuerySchema,
      { ...queryInput(ContextQuerySchema, request.query), focus: request.params.id },
      // The client going away aborts `request.signal`: the build stops and frees its connection.
      { readableNotebooks: readableFor(request), signal: request.signal, timeoutMs },
    );
    if (format === 'json') return reply.send({ result, report });
    return reply.type('text/markdown; charset=utf-8').header(REPORT_HEADER, JSON.stringify(report)).send(text);
  });

  registerContextRoute(app, service, (request) => ({ readableNotebooks: readableFor(request), signal: request.signal, timeoutMs }));

  app.get<{ Querystring: Record<string, string | string[]> }>('/notes', async (request) => ({
    notes: await service.findNotes(queryInput(FindNotesRequestSchema, request.query), {
      readableNotebooks: readableFor(request),
      signal: request.signal,
      timeoutMs,
    }),
  }));

  app.get('/health', async (_request, reply) => {
    try {
      await options.check();
      return { status: 'ok' };
    } catch (error) {
      return reply.code(503).send({ status: 'unavailable', message: serviceErrorOf(error).message });
    }
  });

  let openApi: object | undefined;
  app.get('/openapi.json', async () => (openApi ??= openApiDocument({ version: options.version, bearer: options.token !== undefined })));

  function readableFor(request: FastifyRequest): readonly number[] | undefined {
    const header = request.headers[READABLE_NOTEBOOKS_HEADER.toLowerCase()];
    const requested = header === undefined ? undefined : parseNotebookIds(READABLE_NOTEBOOKS_HEADER, [header].flat().join(','));
    return readableNotebooksFor(options.readableNotebooks, requested);
  }

  return app;
}

type HttpError = Pick<ServiceError, 'code' | 'message' | 'field'> & { readonly status: number };

/** The services' mapping, plus the framework's own client errors (a malformed URL, …). */
function httpErrorOf(error: FastifyError): HttpError {
  const mapped = serviceErrorOf(error);
  const status = error.statusCode;
  if (mapped.code === 'internal' && status !== undefined && status >= 400 && status < 500) {
    return { status, code: status === 404 ? 'not_found' : 'invalid_input', message: error.message.split('\n')[0] ?? 'bad request' };
  }
  return mapped;
}

function errorBody(error: Pick<ServiceError, 'code' | 'message' | 'field'>): z.infer<typeof ErrorBodySchema> {
  return { code: error.code, message: error.message, ...(error.field !== undefined && { field: error.field }) };
}
