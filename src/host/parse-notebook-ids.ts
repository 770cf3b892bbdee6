import { ValidationError } from '../note-context-error.js';

/** `1,2,3` as notebook ids; `where` names the flag, variable or header. Empty means no notebook (fail closed). */
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
