import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { errorBody, type ErrorBody } from './http-error.js';

/** Answers a request Node's parser refused (`clientErrorHandler`) in the API's error shape, revealing nothing: no token was checked. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
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
  if (code === 'HPE_HEADER_OVERFLOW') return [431, errorBody({ code: 'invalid_input', message: 'invalid input: the request headers are too large' })];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, errorBody({ code: 'timeout', message: 'the request was not received in time' })];
  if (code === 'HPE_INVALID_METHOD') return [400, errorBody({ code: 'invalid_input', message: 'invalid input: unknown method' })];
  return [400, errorBody({ code: 'invalid_input', message: 'invalid input: malformed request' })];
}
