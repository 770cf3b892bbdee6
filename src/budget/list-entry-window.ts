import type { FocusListRule } from '../relationships/focus-lists.js';
import type { Window } from './window.js';

/**
 * An entry added to a focus list. Appended: from the end of the last entry's id (or the list's key)
 * to the next key's first letter (`closer`). Prepended: from the list's key to the `n` of the first entry's `(/n{id})`.
 */
export function listEntryWindow(entryJson: string, rule: FocusListRule, list: readonly string[], closer: string): Window {
  if (list.length === 0) return { before: `":[${closer}`, after: `":[${entryJson}${closer}` };
  if (rule.placement === 'append') return { before: `)"${closer}`, after: `)",${entryJson}${closer}` };
  const first = JSON.stringify(list[0]);
  const head = first.slice(0, first.lastIndexOf('(/n') + 2);
  return { before: `":[${head}`, after: `":[${entryJson},${head}` };
}
