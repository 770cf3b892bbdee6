import { utf8Length } from '../model/utf8-length.js';

/**
 * UTF-8 bytes of JSON text without writing it: `estimate` prices every candidate by the bytes
 * of its compact JSON (spec section 5), and building a string of up to a thousand characters
 * only to measure it was a quarter of an `estimate` build.
 */

/** What `JSON.stringify` writes otherwise than as itself: `"`, `\`, controls, and (if lone) surrogates. */
const NOT_AS_ITSELF = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `utf8Length(JSON.stringify(text))`: the text and its quotes, or the JSON written when it has escapes. */
export function jsonStringBytes(text: string): number {
  return NOT_AS_ITSELF.test(text) ? utf8Length(JSON.stringify(text)) : utf8Length(text) + 2;
}

/**
 * `utf8Length(JSON.stringify(object))` for a flat object of strings (a `BareNote`): braces, each
 * key and value with its colon, and the commas between them. Keys left undefined are left out, as
 * `JSON.stringify` leaves them out.
 */
export function jsonObjectBytes(object: { readonly [key: string]: string | undefined }): number {
  let bytes = 1;
  let fields = 0;
  for (const key in object) {
    const value = object[key];
    if (value === undefined) continue;
    bytes += jsonStringBytes(key) + 1 + jsonStringBytes(value);
    fields++;
  }
  return bytes + Math.max(0, fields - 1) + 1;
}
