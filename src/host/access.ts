import { ValidationError } from '../errors.js';

/**
 * Access belongs to the host: a service never takes the readable notebooks from what its caller
 * asks for alone. The server's own setting (flag or environment) bounds everything; a trusted
 * backend in front of the HTTP API may narrow it per request, never widen it.
 */
export function readableNotebooksFor(
  server: readonly number[] | undefined,
  requested: readonly number[] | undefined,
): readonly number[] | undefined {
  if (server === undefined) return requested;
  if (requested === undefined) return server;
  const allowed = new Set(server);
  return requested.filter((id) => allowed.has(id));
}

/**
 * `1,2,3` as notebook ids; `where` names the flag, variable or header in the message. An empty
 * list means no notebook at all (fail closed), never every notebook.
 */
export function parseNotebookIds(where: string, text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 1 && parts[0] === '') return [];
  return parts.map((part) => {
    if (!/^[1-9][0-9]*$/.test(part) || !Number.isSafeInteger(Number(part))) {
      throw new ValidationError(where, `expected comma-separated notebook ids, got "${text}"`);
    }
    return Number(part);
  });
}

/** Environment variables the services read when a flag is not given. */
export const SERVICE_ENV = {
  db: 'NOTE_CONTEXT_DB',
  readableNotebooks: 'NOTE_CONTEXT_READABLE_NOTEBOOKS',
  token: 'NOTE_CONTEXT_TOKEN',
} as const;

/** The server's readable notebooks: `--readable-notebooks`, else the environment, else all. */
export function serverReadableNotebooks(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): number[] | undefined {
  if (flag !== undefined) return parseNotebookIds('--readable-notebooks', flag);
  const fromEnv = env[SERVICE_ENV.readableNotebooks];
  return fromEnv === undefined ? undefined : parseNotebookIds(SERVICE_ENV.readableNotebooks, fromEnv);
}

/** `--token`, else `NOTE_CONTEXT_TOKEN`; an empty one is a mistake, not "no token". */
export function serverToken(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const [where, token] = flag !== undefined ? ['--token', flag] : [SERVICE_ENV.token, env[SERVICE_ENV.token]];
  if (token === undefined) return undefined;
  if (!/^\S+$/.test(token)) throw new ValidationError(where, 'expected a secret without spaces');
  return token;
}
