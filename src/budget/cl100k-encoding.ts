import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { CL100K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { BpeEncodingData } from './make-linear-counter.js';
import { readRankFile } from './rank-file.js';

// The ranks from the rank file the build writes beside this module, else from the library.
const ranks =
  readRankFile(new URL('./cl100k_base.ranks', import.meta.url), import.meta.resolve('gpt-tokenizer/bpeRanks/cl100k_base')) ??
  (await import('gpt-tokenizer/bpeRanks/cl100k_base')).default;
// As gpt-tokenizer's `encoding/cl100k_base` module makes its encoding, from the same ranks.
const { countTokens } = GptEncoding.getEncodingApi('cl100k_base', () => ranks);

/** gpt-tokenizer's cl100k_base; importing this module loads its tables only, from the package's rank file when there is one. */
export const CL100K_ENCODING: BpeEncodingData = { name: 'cl100k', count: countTokens, split: CL100K_TOKEN_SPLIT_REGEX, ranks };
