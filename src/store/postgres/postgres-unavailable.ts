import { StoreUnavailable } from '../../errors.js';

/** The driver's first line, never the URL or the password (pg's messages name neither). */
export function postgresUnavailable(what: string, error: unknown): StoreUnavailable {
  if (error instanceof StoreUnavailable) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return new StoreUnavailable(`${what}: ${redactAddress(reason.split('\n')[0] || String(code ?? 'unknown error'))}`, { cause: error });
}

/** `connect ECONNREFUSED 10.0.0.5:5432`, `getaddrinfo ENOTFOUND db.internal` name an internal address: it is left out. */
function redactAddress(message: string): string {
  return message.replace(/\s*\[?[0-9a-f.:]*[0-9a-f]\]?:\d{1,5}\b/gi, '').replace(/\b(ENOTFOUND|EAI_AGAIN) \S+/g, '$1');
}
