import { STATUS_CODES } from 'node:http';
import * as z from 'zod';
import { firstLineOf, SERVICE_ERROR_CODES, serviceErrorOf } from '../host/service-error.js';

/** The codes of the HTTP API's error bodies: the services' own, and the protocol's. */
export const HTTP_ERROR_CODES = [...SERVICE_ERROR_CODES, 'method_not_allowed'] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** Every error response: the same one line the CLI prints, a code to branch on, and the offending field for `invalid_input`. */
export const ErrorBodySchema = z.strictObject({ code: z.enum(HTTP_ERROR_CODES), message: z.string(), field: z.string().optional() });
export type ErrorBody = z.output<typeof ErrorBodySchema>;

/** One failure as the HTTP API answers it; `detail` is for the server's log only. */
export interface HttpError extends ErrorBody {
  readonly status: number;
  readonly detail?: string;
}

/** The framework's client errors that deserve their own words, by Fastify error code. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'invalid input: the URL is not valid (bad percent-encoding)',
  FST_ERR_MAX_PARAM_LENGTH: 'invalid input: a path parameter is too long',
  FST_ERR_CTP_BODY_TOO_LARGE: 'invalid input: the request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'invalid input: unsupported content type',
};

/** The services' mapping made safe for the network (a driver's reason, with its address, goes to the log), and the framework's errors. */
export function httpErrorOf(error: unknown): HttpError {
  const mapped = serviceErrorOf(error);
  if (mapped.code === 'unavailable') {
    const [kind] = mapped.message.split(': ');
    return { status: 503, code: 'unavailable', message: kind || 'the store is unavailable', detail: mapped.message };
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (mapped.code === 'internal' && typeof status === 'number' && status >= 400 && status < 500) {
    const code = String((error as { code?: unknown }).code);
    const message = FRAMEWORK_MESSAGES[code] ?? `invalid input: ${(STATUS_CODES[status] ?? 'bad request').toLowerCase()}`;
    return { status, code: status === 404 ? 'not_found' : 'invalid_input', message, detail: firstLineOf(error) };
  }
  return { status: mapped.status, ...errorBody(mapped) };
}

export function errorBody(error: ErrorBody): ErrorBody {
  return { code: error.code, message: error.message, ...(error.field !== undefined && { field: error.field }) };
}
