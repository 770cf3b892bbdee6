import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

/** The header through which a caller names its request, and the server echoes the id it used. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Short, printable, nothing a log reader could trip over. */
const SAFE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** A request's id (Fastify's `genReqId`): a safe `X-Request-Id`, else the `traceparent`'s trace id, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && SAFE_ID.test(given)) return given;
  return traceIdOf(request.headers.traceparent) ?? randomUUID();
}

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** The trace id of a valid W3C `traceparent` header (not all zeros), if it is one. */
export function traceIdOf(traceparent: string | string[] | undefined): string | undefined {
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent.trim()) : null;
  return match && !/^0+$/.test(match[1]!) && !/^0+$/.test(match[2]!) ? match[1] : undefined;
}
