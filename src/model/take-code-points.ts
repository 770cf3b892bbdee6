/**
 * The first `count` Unicode code points of `text` (a surrogate pair counts as one), and whether
 * anything was left over. Cheap when the text is short: UTF-16 length bounds the code points.
 */
export function takeCodePoints(text: string, count: number): { head: string; cut: boolean } {
  if (text.length <= count) return { head: text, cut: false };
  let units = 0;
  for (let taken = 0; taken < count && units < text.length; taken++) {
    const code = text.charCodeAt(units);
    const isPair =
      code >= 0xd800 && code <= 0xdbff && units + 1 < text.length &&
      (text.charCodeAt(units + 1) & 0xfc00) === 0xdc00;
    units += isPair ? 2 : 1;
  }
  return { head: text.slice(0, units), cut: units < text.length };
}
