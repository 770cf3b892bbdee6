const utf8 = new TextEncoder();

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD, as encoders write it). */
export function utf8Length(text: string): number {
  // Pure ASCII is common and its byte length is its length; skip the encoder then.
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.length : utf8.encode(text).length;
}
