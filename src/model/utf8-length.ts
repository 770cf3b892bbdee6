/**
 * Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD, as encoders write it).
 * Node counts them natively without encoding: several times faster than a regular expression
 * test for ASCII, and than `TextEncoder` (which allocates the bytes) for the rest.
 */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
