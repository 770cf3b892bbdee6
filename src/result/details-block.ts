import { ValidationError } from '../errors.js';

/*
 * How details are written into the prompt so that their text can never end the block, and how
 * they are read back. The block is never longer, in UTF-8 bytes, than the same text inside a JSON
 * string, which keeps the `estimate` guarantee true for prompts (spec section 5).
 */

/**
 * The longest fence a details block uses. A related note's prompt piece spends 15 bytes on its
 * `## ` and `Relation: ` lines where its JSON piece spends 44 on braces and keys, and 12 + 2F on
 * `Details:` and the fence lines where JSON spends 13 on the key and quotes: 15 + 12 + 2F <= 44 + 13
 * holds up to F = 15 whatever the text. Quoting every line with `>` costs a byte per line break,
 * which JSON pays too (`\n` and `\r` are two bytes for one), so it is never longer than JSON.
 */
export const MAX_FENCE = 15;

/**
 * Details, enclosed so that their text cannot end the block (CommonMark, section 4.5):
 * - a code fence of backticks or tildes, whichever the text's lines start with the shorter run
 *   of, one longer than that run (at least 3). A fence is closed only by a line of at least as
 *   many of its characters, indented at most 3 spaces; every line of the text starts with fewer.
 *   Lines end at `\n`, `\r\n` or a lone `\r`, as CommonMark has it.
 * - when that fence would be longer than {@link MAX_FENCE}: every line of the text prefixed with
 *   `>`, the text's own line breaks included, so no line of it starts without one.
 * The block ends with a line break.
 */
export function detailsBlock(text: string): string {
  const fence = fenceFor(text);
  return fence ? `${fence}\n${text}\n${fence}\n` : `>${text.replace(/\r\n|\r|\n/g, '$&>')}\n`;
}

/** The fence that encloses `text`, or undefined when it would be longer than {@link MAX_FENCE}. */
function fenceFor(text: string): string | undefined {
  let backticks = 0;
  let tildes = 0;
  for (const [, run] of text.matchAll(/(?:^|[\r\n]) {0,3}(`+|~+)/g)) {
    if (run![0] === '`') backticks = Math.max(backticks, run!.length);
    else tildes = Math.max(tildes, run!.length);
  }
  const [char, longest] = backticks <= tildes ? ['`', backticks] : ['~', tildes];
  const length = Math.max(3, longest + 1);
  return length <= MAX_FENCE ? char.repeat(length) : undefined;
}

/**
 * Reads a block written by {@link detailsBlock} that starts at `start`: the text and where the
 * block ends (just after its last line break). Throws a `ValidationError` naming `where`.
 */
export function readDetailsBlock(prompt: string, start: number, where: () => string): { text: string; end: number } {
  const fence = /^(?:`{3,}|~{3,})\n/.exec(prompt.slice(start, start + MAX_FENCE + 2))?.[0].slice(0, -1);
  if (fence) {
    const textStart = start + fence.length + 1;
    const close = prompt.indexOf(`\n${fence}\n`, textStart);
    if (close < 0) throw new ValidationError(where(), `the fence ${fence} is never closed`);
    return { text: prompt.slice(textStart, close), end: close + fence.length + 2 };
  }
  if (prompt[start] !== '>') throw new ValidationError(where(), 'expected a code fence or lines starting with ">"');
  let close = prompt.indexOf('\n', start);
  while (close >= 0 && prompt[close + 1] === '>') close = prompt.indexOf('\n', close + 1);
  if (close < 0) throw new ValidationError(where(), 'the quoted lines do not end with a line break');
  const quoted = prompt.slice(start + 1, close);
  if (/\r(?![\n>])/.test(quoted)) throw new ValidationError(where(), 'a quoted line does not start with ">"');
  return { text: quoted.replace(/(\r\n|\r|\n)>/g, '$1'), end: close + 1 };
}
