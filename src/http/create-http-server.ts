import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { NotAuthorized } from '../host/service-error.js';
import { bearerTokenCheck } from '../host/bearer-token-check.js';
import { errorBody, httpErrorOf, type ErrorBody } from './http-error.js';
import { REPORT_HEADER } from './context-envelope-schema.js';
import { READABLE_NOTEBOOKS_HEADER } from './context-query-schema.js';
import { HANDLER_GRACE_MS, noteContextPlugin, type NoteContextPluginOptions } from './note-context-plugin.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id-of.js';

export interface HttpServerOptions extends NoteContextPluginOptions {
  readonly timeoutMs: number;
  /** Where the JSON log lines go (default: stdout, level `info`). */
  readonly log?: { readonly level?: string; readonly stream?: { write(line: string): void } } | undefined;
  /** Origins allowed to call the API from a browser; none by default, `*` any. */
  readonly corsOrigins?: readonly string[] | undefined;
  readonly compress?: boolean | undefined;
}

/** The HTTP API as `note-context serve` runs it: {@link noteContextPlugin} in a Fastify of its own, with request logs. */
export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const authorized = options.token === undefined ? () => true : bearerTokenCheck(options.token);
  const app = Fastify({
    logger: {
      level: options.log?.level ?? 'info',
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["proxy-authorization"]'], censor: '[redacted]' },
      ...(options.log?.stream && { stream: options.log.stream }),
    },
    genReqId: requestIdOf,
    // Answers 503 and aborts `request.signal` when a handler runs longer.
    handlerTimeout: options.timeoutMs + HANDLER_GRACE_MS,
    // Receiving a request may not take longer either (slow clients).
    requestTimeout: options.timeoutMs,
    // Once closing: idle keep-alive sockets close, in-flight requests finish; new ones get 503 (below).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
    // A URL that cannot be decoded never reaches a route or a hook: the token is checked here.
    frameworkErrors: (error, request, reply) => {
      const mapped = httpErrorOf(authorized(request.headers.authorization) ? error : new NotAuthorized('missing or wrong bearer token'));
      if (mapped.code === 'unauthorized') void reply.header('WWW-Authenticate', 'Bearer');
      return (reply as unknown as FastifyReply).code(mapped.status).header(REQUEST_ID_HEADER, request.id).type('application/json; charset=utf-8').send(errorBody(mapped));
    },
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) return reply.code(503).header('Retry-After', '1').type('application/json; charset=utf-8').send(errorBody({ code: 'unavailable', message: 'the server is shutting down' }));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('Connection', 'close');
  });

  if (options.corsOrigins !== undefined && options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins.includes('*') ? '*' : [...options.corsOrigins],
      methods: ['GET', 'HEAD'],
      allowedHeaders: ['Authorization', READABLE_NOTEBOOKS_HEADER, 'If-None-Match', REQUEST_ID_HEADER, 'traceparent'],
      exposedHeaders: [REPORT_HEADER, 'ETag', 'Server-Timing', REQUEST_ID_HEADER, 'Retry-After'],
      maxAge: 600,
    });
  }
  if (options.compress === true) await app.register(compress, { global: true });
  await app.register(noteContextPlugin, options);
  return app;
}

/** Answers a request Node's parser refused (`clientErrorHandler`) in the API's error shape, revealing nothing: no token was checked. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] = clientErrorOf(error.code);
  if (socket.writable) {
    const json = JSON.stringify(body);
    const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}`;
    socket.write(`${head}\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy();
}

function clientErrorOf(code: string | undefined): [number, ErrorBody] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, { code: 'invalid_input', message: 'invalid input: the request headers are too large' }];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, { code: 'timeout', message: 'the request was not received in time' }];
  if (code === 'HPE_INVALID_METHOD') return [400, { code: 'invalid_input', message: 'invalid input: unknown method' }];
  return [400, { code: 'invalid_input', message: 'invalid input: malformed request' }];
}
