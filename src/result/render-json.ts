import type { FocusListName } from '../relationships/focus-lists.js';
import { jsonObjectBytes } from './json-object-bytes.js';
import { jsonStringBytes } from './json-string-bytes.js';
import type { AnyResult, BareNote } from './schema.js';

/** The compact JSON of a result (one focus or several): the text the budget guarantee is measured on. */
export function renderJson(result: AnyResult): string {
  return JSON.stringify(result);
}

/** The text a related note adds to the compact JSON, with the comma that separates it (spec section 5). */
export function jsonNotePiece(note: object): string {
  return `,${JSON.stringify(note)}`;
}

/** `utf8Length(jsonNotePiece(note))`, without writing the piece. */
export function jsonNotePieceBytes(note: BareNote): number {
  return 1 + jsonObjectBytes(note);
}

/** The text a focus-list entry adds to the compact JSON, with its separating comma. */
export function jsonEntryPiece(uriAndTitle: string): string {
  return `,${JSON.stringify(uriAndTitle)}`;
}

/** `utf8Length(jsonEntryPiece(uriAndTitle))`, without writing the piece. */
export function jsonEntryPieceBytes(uriAndTitle: string): number {
  return 1 + jsonStringBytes(uriAndTitle);
}

/**
 * What follows each focus list in the compact JSON up to the next key's first letter: the focus
 * note's keys run `…, contextualPath, children, referrings, priorSiblings, youngerSiblings`, and
 * `relatedNotes` follows the focus note.
 */
export const JSON_LIST_CLOSERS: Readonly<Record<FocusListName, string>> = {
  children: '],"',
  referrings: '],"',
  priorSiblings: '],"',
  youngerSiblings: ']},"',
};

/**
 * What follows a focus list in the compact JSON up to the next key's first letter. In a
 * `MultiFocusResult` the last list of a focus note is followed by the next focus note, or, after
 * the last one, by the end of `focusNotes`.
 */
export function jsonListCloser(list: FocusListName, focusPlace: { readonly index: number; readonly of: number } | undefined): string {
  if (focusPlace === undefined || list !== 'youngerSiblings') return JSON_LIST_CLOSERS[list];
  return focusPlace.index < focusPlace.of - 1 ? ']},{"' : ']}],"';
}
