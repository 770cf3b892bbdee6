import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { LRUCache } from 'lru-cache';

export const TOKENIZER_NAMES = ['o200k', 'cl100k', 'estimate', 'one-per-note'] as const;
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

/** Counts the tokens of a text as a model would see it. */
export interface Tokenizer {
  readonly name: TokenizerName;
  count(text: string): number;
}

// Notes are user text: `<|endoftext|>` in a title is text to count, not a control token.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const utf8 = new TextEncoder();

/** `ceil(utf8 bytes / 3.75)`, the spec's `estimate` (section 5). */
export function estimateTokens(text: string): number {
  return Math.ceil(utf8Length(text) / 3.75);
}

export function utf8Length(text: string): number {
  // Pure ASCII is common and its byte length is its length; skip the encoder then.
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.length : utf8.encode(text).length;
}

/**
 * BPE counts of recent pieces, shared by all builds of a process. A backend builds context for
 * the same neighbourhoods again and again (a hub's children are priced in every build around the
 * hub), and a count costs far more than a lookup. Bounded by the characters held (~32 MB).
 */
function remembered(count: (text: string) => number): (text: string) => number {
  const counts = new LRUCache<string, number>({ maxSize: 16_000_000, sizeCalculation: (_, text) => Math.max(1, text.length) });
  return (text) => {
    let tokens = counts.get(text);
    if (tokens === undefined) {
      tokens = count(text);
      counts.set(text, tokens);
    }
    return tokens;
  };
}

const o200k = remembered((text) => countO200k(text, AS_TEXT));
const cl100k = remembered((text) => countCl100k(text, AS_TEXT));

export function tokenizerNamed(name: TokenizerName): Tokenizer {
  switch (name) {
    case 'o200k':
      return { name, count: o200k };
    case 'cl100k':
      return { name, count: cl100k };
    case 'estimate':
      return { name, count: estimateTokens };
    case 'one-per-note':
      // Scenario tests reason in notes, not text; a text has no cost of its own.
      return { name, count: () => 0 };
  }
}
