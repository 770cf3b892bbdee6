import { utf8Length } from '../model/utf8-length.js';
import { getOrMake } from '../store/get-or-make.js';
import type { TokenizerName } from './tokenizer-names.js';

export { TOKENIZER_NAMES, type TokenizerName } from './tokenizer-names.js';

/** Counts the tokens of a text as a model would see it. */
export interface Tokenizer {
  readonly name: TokenizerName;
  count(text: string): number;
}

/** `ceil(utf8 bytes / 3.75)`, the spec's `estimate` (section 5). */
export const estimateTokens = (text: string): number => estimateTokensOfBytes(utf8Length(text));

/** {@link estimateTokens} of a text of `bytes` UTF-8 bytes. */
export const estimateTokensOfBytes = (bytes: number): number => Math.ceil(bytes / 3.75);

const loaded = new Map<TokenizerName, Promise<Tokenizer>>();

/** The tokenizer of that name; the BPE tables (a few MB each) load on first use, not on import. */
export function loadTokenizer(name: TokenizerName): Promise<Tokenizer> {
  return getOrMake(loaded, name, async () => {
    switch (name) {
      case 'estimate':
        return { name, count: estimateTokens };
      case 'one-per-note':
        // Scenario tests reason in notes, not text; a text has no cost of its own.
        return { name, count: () => 0 };
      case 'o200k':
      case 'cl100k': {
        // Exactly gpt-tokenizer's count, in time n log n on any text (see make-linear-counter.ts).
        const [{ makeLinearCounter }, encoding] = await Promise.all([
          import('./make-linear-counter.js'),
          name === 'o200k'
            ? import('./o200k-encoding.js').then((module) => module.O200K_ENCODING)
            : import('./cl100k-encoding.js').then((module) => module.CL100K_ENCODING),
        ]);
        return { name, count: makeLinearCounter(encoding) };
      }
    }
  });
}
