import { ValidationError } from '../note-context-error.js';

/** A whole-number flag within bounds; the message names the flag, as the CLI's do. */
export function wholeNumberFlag(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < min || value > max) {
    throw new ValidationError(flag, `expected an integer from ${min} to ${max}, got "${text}"`);
  }
  return value;
}
