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
