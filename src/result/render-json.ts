import { utf8Length } from '../model/utf8-length.js';
import type { FocusListName } from '../relationships/focus-lists.js';
import type { AnyResult, BareNote } from './graph-rag-result-schema.js';

/** The compact JSON of a result (one focus or several): the text the budget guarantee is measured on. */
export function renderJson(result: AnyResult): string {
  return JSON.stringify(result);
}

/** The UTF-8 bytes of a related note's piece of the compact JSON (spec section 5), counted without writing it (writing was a quarter of a build). */
export function jsonNotePieceBytes(note: BareNote): number {
  let bytes = 2;
  for (const key in note) {
    const value = note[key as keyof BareNote];
    if (value === undefined) continue;
    bytes += jsonStringBytes(key) + 2 + jsonStringBytes(value);
  }
  return bytes;
}

export function jsonEntryPieceBytes(uriAndTitle: string): number {
  return 1 + jsonStringBytes(uriAndTitle);
}

/** What `JSON.stringify` writes otherwise than as itself: `"`, `\`, controls, and (if lone) surrogates. */
const NOT_AS_ITSELF = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `utf8Length(JSON.stringify(text))`. */
function jsonStringBytes(text: string): number {
  return NOT_AS_ITSELF.test(text) ? utf8Length(JSON.stringify(text)) : utf8Length(text) + 2;
}

/** What follows a focus list in the compact JSON up to the next key's first letter (`youngerSiblings` is the last list). */
export function jsonListCloser(list: FocusListName, focusPlace: { readonly index: number; readonly of: number } | undefined): string {
  if (list !== 'youngerSiblings') return '],"';
  if (focusPlace === undefined) return ']},"';
  return focusPlace.index < focusPlace.of - 1 ? ']},{"' : ']}],"';
}
