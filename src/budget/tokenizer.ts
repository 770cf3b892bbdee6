import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { LRUCache } from 'lru-cache';
import { utf8Length } from '../model/utf8.js';

export const TOKENIZER_NAMES = ['o200k', 'cl100k', 'estimate', 'one-per-note'] as const;
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

/** Counts the tokens of a text as a model would see it. */
export interface Tokenizer {
  readonly name: TokenizerName;
  count(text: string): number;
  /** How a BPE tokenizer's pre-tokenizer splits a text; undefined for the others. */
  readonly chunks?: (text: string) => string[];
}

// Notes are user text: `<|endoftext|>` in a title is text to count, not a control token.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** `ceil(utf8 bytes / 3.75)`, the spec's `estimate` (section 5). */
export function estimateTokens(text: string): number {
  return Math.ceil(utf8Length(text) / 3.75);
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

const splitter = (pattern: RegExp) => (text: string) => [...text.matchAll(new RegExp(pattern.source, 'gu'))].map((match) => match[0]);

const o200k: Tokenizer = { name: 'o200k', count: remembered((text) => countO200k(text, AS_TEXT)), chunks: splitter(O200K_TOKEN_SPLIT_REGEX) };
const cl100k: Tokenizer = { name: 'cl100k', count: remembered((text) => countCl100k(text, AS_TEXT)), chunks: splitter(CL100K_TOKEN_SPLIT_REGEX) };

export function tokenizerNamed(name: TokenizerName): Tokenizer {
  switch (name) {
    case 'o200k':
      return o200k;
    case 'cl100k':
      return cl100k;
    case 'estimate':
      return { name, count: estimateTokens };
    case 'one-per-note':
      // Scenario tests reason in notes, not text; a text has no cost of its own.
      return { name, count: () => 0 };
  }
}
