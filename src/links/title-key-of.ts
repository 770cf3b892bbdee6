const SPACE = 0x20;

const ASCII_CAPITALS = /[A-Z]+/g;

/**
 * The key a title or a link target is compared by (spec section 10): the text with spaces (U+0020,
 * and only those: a tab stays) removed from both ends and the ASCII letters `A`–`Z` lower-cased;
 * every other code point is kept, so `É` and `é`, the Kelvin sign and `k`, `ß` and `SS` stay
 * different. A key is its own key.
 */
export function titleKeyOf(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === SPACE) start += 1;
  while (end > start && text.charCodeAt(end - 1) === SPACE) end -= 1;
  const trimmed = start === 0 && end === text.length ? text : text.slice(start, end);
  return trimmed.replace(ASCII_CAPITALS, (capitals) => capitals.toLowerCase());
}
