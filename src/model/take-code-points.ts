/** The first `count` code points of `text` and whether any were left; cheap on short texts, as UTF-16 length bounds them. */
export function takeCodePoints(text: string, count: number): { head: string; cut: boolean } {
  if (text.length <= count) return { head: text, cut: false };
  let units = 0;
  for (let taken = 0; taken < count && units < text.length; taken++) {
    const code = text.charCodeAt(units);
    const isPair = code >= 0xd800 && code <= 0xdbff && units + 1 < text.length && (text.charCodeAt(units + 1) & 0xfc00) === 0xdc00;
    units += isPair ? 2 : 1;
  }
  return { head: text.slice(0, units), cut: units < text.length };
}
