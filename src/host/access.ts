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

/** Environment variables of the settings a service is most often given that way (see the CLI's help for every one). */
export const SERVICE_ENV = {
  db: 'NOTE_CONTEXT_DB',
  readableNotebooks: 'NOTE_CONTEXT_READABLE_NOTEBOOKS',
  token: 'NOTE_CONTEXT_TOKEN',
} as const;

/** The server's readable notebooks from `text` (a flag or its variable, named by `field`), else all. */
export function serverReadableNotebooks(text: string | undefined, field = '--readable-notebooks'): number[] | undefined {
  return text === undefined ? undefined : parseNotebookIds(field, text);
}

/** The bearer token from `text` (a flag or its variable, named by `field`); an empty one is a mistake, not "no token". */
export function serverToken(text: string | undefined, field = '--token'): string | undefined {
  if (text === undefined) return undefined;
  if (!/^\S+$/.test(text)) throw new ValidationError(field, 'expected a secret without spaces');
  return text;
}
