import { ValidationError } from '../note-context-error.js';

/** The longest fence, so that a piece is never more bytes than its JSON: 15 + 12 + 2F where JSON spends 44 + 13. */
const MAX_FENCE = 15;

/**
 * Details enclosed so that their text cannot end the block (CommonMark 4.5): a fence of backticks or tildes longer
 * than any run the text's lines start with; past {@link MAX_FENCE}, every line prefixed with `>` (a byte, as `\n` is in JSON).
 */
export function detailsBlock(text: string): string {
  let backticks = 0;
  let tildes = 0;
  for (const [, run] of text.matchAll(/(?:^|[\r\n]) {0,3}(`+|~+)/g)) {
    if (run![0] === '`') backticks = Math.max(backticks, run!.length);
    else tildes = Math.max(tildes, run!.length);
  }
  const [char, longest] = backticks <= tildes ? ['`', backticks] : ['~', tildes];
  const length = Math.max(3, longest + 1);
  if (length > MAX_FENCE) return `>${text.replace(/\r\n|\r|\n/g, '$&>')}\n`;
  const fence = char.repeat(length);
  return `${fence}\n${text}\n${fence}\n`;
}

/** Reads a block written by {@link detailsBlock} at `start`: its text and where it ends; a `ValidationError` names `where`. */
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
