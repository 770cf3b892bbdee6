/**
 * Spec section 10, "What a link is", read literally and written apart from `src/`: the reference
 * build's links, and the oracle the link rule in `src/links` is checked against. Slow on purpose:
 * every question rescans the details and every note.
 */

/** What the rule reads of a note. */
export interface LinkingNoteData {
  readonly id: number;
  readonly title: string;
  readonly notebookId: number;
  readonly details?: string;
}

/** The regular expression of section 10, as written there. */
const LINK = /\[\[([^\[\]\r\n]+)\]\]/g;

/** The text with spaces (U+0020, nothing else) removed from both ends. */
function withoutEndSpaces(text: string): string {
  let result = text;
  while (result.startsWith(' ')) result = result.slice(1);
  while (result.endsWith(' ')) result = result.slice(0, -1);
  return result;
}

/** Every link's target in the details, left to right, repeats kept; empty targets are no links. */
export function referenceTargets(details: string | undefined): string[] {
  const targets: string[] = [];
  for (const match of (details ?? '').matchAll(LINK)) {
    const inside = match[1]!;
    const beforeBar = inside.includes('|') ? inside.slice(0, inside.indexOf('|')) : inside;
    const target = withoutEndSpaces(beforeBar);
    if (target !== '') targets.push(target);
  }
  return targets;
}

function isAsciiLetter(character: string): boolean {
  return (character >= 'A' && character <= 'Z') || (character >= 'a' && character <= 'z');
}

/** Two code points are equal, or the same ASCII letter in either case. */
function sameCodePoint(a: string, b: string): boolean {
  if (a === b) return true;
  return isAsciiLetter(a) && isAsciiLetter(b) && Math.abs(a.charCodeAt(0) - b.charCodeAt(0)) === 32;
}

/** The target equals the title with its end spaces removed, ASCII letters in either case. */
export function referenceMatches(target: string, title: string): boolean {
  const a = Array.from(target);
  const b = Array.from(withoutEndSpaces(title));
  return a.length === b.length && a.every((character, index) => sameCodePoint(character, b[index]!));
}

/**
 * The note a link with this target in a note of `notebookId` resolves to: among the visible notes
 * whose title matches, the smallest id in that notebook, else the smallest id anywhere.
 */
export function referenceResolve<N extends LinkingNoteData>(target: string, notebookId: number, visible: readonly N[]): N | undefined {
  const matching = visible.filter((note) => referenceMatches(target, note.title)).sort((a, b) => a.id - b.id);
  return matching.find((note) => note.notebookId === notebookId) ?? matching[0];
}

/** The notes `linking`'s details link to, each once, in the order of the first link to each. */
export function referenceLinkedNotes<N extends LinkingNoteData>(linking: LinkingNoteData, visible: readonly N[]): N[] {
  const notes: N[] = [];
  for (const target of referenceTargets(linking.details)) {
    const note = referenceResolve(target, linking.notebookId, visible);
    if (note !== undefined && !notes.some((other) => other.id === note.id)) notes.push(note);
  }
  return notes;
}
