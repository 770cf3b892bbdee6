import { StoreUnavailable } from '../../note-context-error.js';

/** A driver's error as one line (its first, passed through `tidy`), never the URL or the password; a `StoreUnavailable` as it is. */
export function driverUnavailable(what: string, error: unknown, tidy: (line: string) => string = (line) => line): StoreUnavailable {
  if (error instanceof StoreUnavailable) return error;
  const reason = error instanceof Error ? error.message : String(error);
  // A refused connection can come as an AggregateError with no message, only a code.
  const code = (error as { code?: unknown } | null)?.code;
  return new StoreUnavailable(`${what}: ${tidy(reason.split('\n')[0] || String(code ?? 'unknown error'))}`, { cause: error });
}
