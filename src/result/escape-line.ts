import { ValidationError } from '../errors.js';

/*
 * How note text is written into the prompt so that it can never pass for the prompt's layout,
 * and how it is read back. Both forms are never longer, in UTF-8 bytes, than the same text
 * inside a JSON string, which keeps the `estimate` guarantee true for prompts (spec section 5).
 */

/**
 * Escapes a title line. Links written by `uriAndTitleOf` escape `[`, `]` and `\` in the title, so
 * in a link every backslash starts one of the pairs `\\`, `\[`, `\]`; those pairs are kept as
 * they are. Control characters and lone surrogates are escaped exactly as JSON escapes them
 * (`\n`, `\r`, `\t`, `\u001b`, `\ud800`), so the line has no line break. A backslash that starts
 * no pair (never in a link, possible in any other string) is written `\_`: two bytes, as in JSON.
 */
export function escapeLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\\\x00-\x1f\ud800-\udfff]/.test(text)) return text;
  return text.replace(ESCAPED, (match) =>
    match.length === 2 ? match : match === '\\' ? '\\_' : JSON.stringify(match).slice(1, -1),
  );
}

// A backslash pair, a lone backslash, a control character, or a surrogate that is not half of a pair.
// eslint-disable-next-line no-control-regex
const ESCAPED = /\\[\\[\]]|\\|[\x00-\x1f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', _: '\\' };

/** Reads back a line written by {@link escapeLine}; `where` names it in the error. */
export function unescapeLine(line: string, where: () => string): string {
  if (!line.includes('\\')) return line;
  return line.replace(/\\(u[0-9a-fA-F]{4}|[\\[\]btnfr_]|[^]|$)/g, (match, escape: string) => {
    if (escape === '\\' || escape === '[' || escape === ']') return match;
    if (escape.length === 5) return String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    const short = SHORT_ESCAPES[escape];
    if (short === undefined) throw new ValidationError(where(), `unknown escape "${match}"`);
    return short;
  });
}
