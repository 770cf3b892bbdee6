import type { Window } from './window.js';

/**
 * A related note appended to `relatedNotes`: the window runs from the end of the previous note's
 * relation word (or of the `relatedNotes` key) to the end of the output.
 */
export function relatedNoteWindow(noteJson: string, hasPrevious: boolean): Window {
  return hasPrevious ? { before: '"}]}', after: `"},${noteJson}]}` } : { before: '":[]}', after: `":[${noteJson}]}` };
}
