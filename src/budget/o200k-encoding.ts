import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { BpeEncodingData } from './make-linear-counter.js';
import { readRankFile } from './rank-file.js';

// The ranks from the rank file the build writes beside this module, else from the library.
const ranks =
  readRankFile(new URL('./o200k_base.ranks', import.meta.url), import.meta.resolve('gpt-tokenizer/bpeRanks/o200k_base')) ??
  (await import('gpt-tokenizer/bpeRanks/o200k_base')).default;
// As gpt-tokenizer's `encoding/o200k_base` module makes its encoding, from the same ranks.
const { countTokens } = GptEncoding.getEncodingApi('o200k_base', () => ranks);

/** gpt-tokenizer's o200k_base; importing this module loads its tables only, from the package's rank file when there is one. */
export const O200K_ENCODING: BpeEncodingData = { name: 'o200k', count: countTokens, split: O200K_TOKEN_SPLIT_REGEX, ranks };
