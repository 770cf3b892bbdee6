import { parseNotebookIds } from './parse-notebook-ids.js';

/** The server's readable notebooks from `text` (a flag or its variable, named by `field`), else all. */
export function serverReadableNotebooks(text: string | undefined, field = '--readable-notebooks'): number[] | undefined {
  return text === undefined ? undefined : parseNotebookIds(field, text);
}
