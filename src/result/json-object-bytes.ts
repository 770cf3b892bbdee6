import { jsonStringBytes } from './json-string-bytes.js';

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
