import { ValidationError } from '../note-context-error.js';

/** The bearer token from `text` (a flag or its variable, named by `field`); an empty one is a mistake, not "no token". */
export function serverToken(text: string | undefined, field = '--token'): string | undefined {
  if (text === undefined) return undefined;
  if (!/^\S+$/.test(text)) throw new ValidationError(field, 'expected a secret without spaces');
  return text;
}
