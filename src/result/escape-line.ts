import { ValidationError } from '../note-context-error.js';

/** Escapes a title line into no more bytes than JSON: links' `\\`, `\[`, `\]` kept, controls and lone surrogates as in JSON, `\` as `\_`. */
export function escapeLine(text: string): string {
  if (!/[\\\x00-\x1f\ud800-\udfff]/.test(text)) return text;
  return text.replace(ESCAPED, (match) => (match.length === 2 ? match : match === '\\' ? '\\_' : JSON.stringify(match).slice(1, -1)));
}

// A backslash pair, a lone backslash, a control character, or a surrogate that is not half of a pair.
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
