import { TOKENIZER_NAMES, type TokenizerName } from '../budget/tokenizer.js';
import { ValidationError } from '../errors.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../result/render.js';

/** Flag values arrive as text; each parser names the flag when the text will not do. */
export function parseWholeNumber(flag: string, text: string): number {
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new ValidationError(flag, `expected an integer ≥ 0, got "${text}"`);
  }
  return Number(text);
}

export function parseNoteRef(flag: string, text: string): number {
  const match = /^(?:\/n)?([1-9][0-9]*)$/.exec(text);
  if (!match || !Number.isSafeInteger(Number(match[1]))) {
    throw new ValidationError(flag, `expected a note id or a uri like /n42, got "${text}"`);
  }
  return Number(match[1]);
}

export function parseIdList(flag: string, text: string): number[] {
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length === 0) throw new ValidationError(flag, 'expected a comma-separated list of ids');
  return parts.map((part) => parseNoteRef(flag, part));
}

export function parseChoice<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(text)) {
    throw new ValidationError(flag, `expected one of ${choices.join(', ')}, got "${text}"`);
  }
  return text as T;
}

export const parseTokenizer = (text: string): TokenizerName => parseChoice('--tokenizer', text, TOKENIZER_NAMES);
export const parseFormat = (text: string): OutputFormat => parseChoice('--format', text, OUTPUT_FORMATS);
