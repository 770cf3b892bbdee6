import type { FocusListRule } from '../relationships/focus-lists.js';

/**
 * Where a piece meets its neighbours in the compact JSON, cut where o200k and cl100k always split, so that a piece adds
 * exactly tokens(`after`) − tokens(`before`) (docs/internals.md, "Pricing: exact accounting").
 */
export type Window = { readonly before: string; readonly after: string };

/** A related note appended to `relatedNotes`: from the end of the previous note's relation (or of the key) to the end of the output. */
export function relatedNoteWindow(noteJson: string, hasPrevious: boolean): Window {
  return hasPrevious ? { before: '"}]}', after: `"},${noteJson}]}` } : { before: '":[]}', after: `":[${noteJson}]}` };
}

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
