import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { errorBody, type ErrorBody } from './http-error.js';

/**
 * Answers a request Node's parser refused before any route or hook saw it (Fastify's
 * `clientErrorHandler`): oversized headers (431), a request not received in time (408), an
 * unknown method or a malformed request line, such as a path with raw non-ASCII bytes (400). The
 * body has the API's error shape and names nothing of the server: its headers were not read, so
 * no token could be checked, and there is nothing to reveal.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] = clientErrorOf(error.code);
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

function clientErrorOf(code: string | undefined): [number, ErrorBody] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, errorBody({ code: 'invalid_input', message: 'invalid input: the request headers are too large' })];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, errorBody({ code: 'timeout', message: 'the request was not received in time' })];
  if (code === 'HPE_INVALID_METHOD') return [400, errorBody({ code: 'invalid_input', message: 'invalid input: unknown method' })];
  return [400, errorBody({ code: 'invalid_input', message: 'invalid input: malformed request' })];
}
