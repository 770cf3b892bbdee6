import type { FocusListRule } from '../relationships/focus-lists.js';

/**
 * Where a piece meets its neighbours in the compact JSON, cut at positions where the BPE
 * pre-tokenizers of o200k and cl100k always split, whatever the rest of the text: before a letter
 * that follows two ASCII punctuation characters, after a run of letters or digits that ends in
 * punctuation. No chunk crosses such a position, so the tokens a piece adds to the whole output
 * are exactly tokens(`after`) − tokens(`before`) of these short windows (see docs/internals.md, "Pricing: exact
 * accounting"). The property tests check it against a count of the whole output.
 */
export interface Window {
  readonly before: string;
  readonly after: string;
}

/**
 * A related note appended to `relatedNotes`: the window runs from the end of the previous note's
 * relation word (or of the `relatedNotes` key) to the end of the output.
 */
export function relatedNoteWindow(noteJson: string, hasPrevious: boolean): Window {
  return hasPrevious ? { before: '"}]}', after: `"},${noteJson}]}` } : { before: '":[]}', after: `":[${noteJson}]}` };
}

/**
 * An entry added to a focus list. Appended: from the end of the last entry's id (or of the list's
 * key) to the next key's first letter. Prepended (prior siblings): from the end of the list's key
 * to the `n` of the first entry's `(/n{id})`. `closer`: what follows the list up to the next key's
 * first letter (`jsonListCloser`).
 */
export function listEntryWindow(entryJson: string, rule: FocusListRule, list: readonly string[], closer: string): Window {
  if (list.length === 0) return { before: `":[${closer}`, after: `":[${entryJson}${closer}` };
  if (rule.placement === 'append') return { before: `)"${closer}`, after: `)",${entryJson}${closer}` };
  const first = JSON.stringify(list[0]);
  const head = first.slice(0, first.lastIndexOf('(/n') + 2);
  return { before: `":[${head}`, after: `":[${entryJson},${head}` };
}
