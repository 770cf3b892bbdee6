import { oneLineMessage } from './message-line.js';
import { BuildAborted, BuildTimeout, NoteNotFound, StoreUnavailable, ValidationError } from '../note-context-error.js';

export const SERVICE_ERROR_CODES = ['invalid_input', 'unauthorized', 'not_found', 'busy', 'unavailable', 'timeout', 'cancelled', 'internal'] as const;

/** How every service (MCP, HTTP) and the CLI report one failure. */
export interface ServiceError {
  readonly status: 400 | 401 | 404 | 500 | 503;
  /** Exit code of spec section 7. */
  readonly exitCode: 1 | 2 | 3;
  readonly code: (typeof SERVICE_ERROR_CODES)[number];
  /** One line in the CLI's wording (`note 42 not found`), escaped and redacted; never a stack. */
  readonly message: string;
  readonly field?: string;
}

/** Too many builds at once; the caller may retry after a moment. */
export class ServiceBusy extends Error {
  override name = 'ServiceBusy';
}

/** A request without the bearer token the server was started with. */
export class NotAuthorized extends Error {
  override name = 'NotAuthorized';
}

/** The one mapping from what went wrong to what a caller is told: CLI, MCP and HTTP. */
export function serviceErrorOf(error: unknown): ServiceError {
  if (error instanceof ValidationError) {
    return { status: 400, exitCode: 2, code: 'invalid_input', message: oneLineMessage(`invalid input: ${error.message}`), field: error.field };
  }
  if (error instanceof NoteNotFound) return { status: 404, exitCode: 3, code: 'not_found', message: `note ${error.noteId} not found` };
  if (error instanceof StoreUnavailable) return { status: 503, exitCode: 1, code: 'unavailable', message: firstLineOf(error) };
  if (error instanceof NotAuthorized) return { status: 401, exitCode: 1, code: 'unauthorized', message: firstLineOf(error) };
  if (error instanceof ServiceBusy) return { status: 503, exitCode: 1, code: 'busy', message: firstLineOf(error) };
  if (error instanceof BuildTimeout) return { status: 503, exitCode: 1, code: 'timeout', message: firstLineOf(error) };
  // A framework's own deadline, which reaches a build as the reason its signal aborted.
  if (isTimeout(error) || (error instanceof BuildAborted && isTimeout(error.cause))) {
    return { status: 503, exitCode: 1, code: 'timeout', message: 'the request did not finish in time' };
  }
  // The caller went away (or cancelled): nobody reads the answer, and it is no failure to log.
  if (error instanceof BuildAborted) return { status: 503, exitCode: 1, code: 'cancelled', message: firstLineOf(error) };
  if (error instanceof Error && error.name === 'AbortError') return { status: 503, exitCode: 1, code: 'cancelled', message: 'the request was cancelled' };
  return { status: 500, exitCode: 1, code: 'internal', message: 'internal error' };
}

/** The exit code of spec section 7 for an error, with its one line on stderr (an unexpected failure's own first line). */
export function exitFor(error: unknown, err: (text: string) => void): number {
  const mapped = serviceErrorOf(error);
  err(`note-context: ${mapped.code === 'internal' ? firstLineOf(error) : mapped.message}\n`);
  return mapped.exitCode;
}

/** The first line of an error's message, escaped and redacted. */
export function firstLineOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return oneLineMessage(text.split('\n')[0] || 'unexpected error');
}

/** An `AbortSignal.timeout` reason, or a framework's own timeout error. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || (error as { code?: unknown }).code === 'FST_ERR_HANDLER_TIMEOUT');
}
