import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { CL100K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { BpeEncodingData } from './bpe-count.js';
import { cachedRanks, rankCacheDirectory } from './rank-cache.js';

const ranks = await cachedRanks(
  import.meta.resolve('gpt-tokenizer/bpeRanks/cl100k_base'),
  () => import('gpt-tokenizer/bpeRanks/cl100k_base'),
  rankCacheDirectory(),
);
// As gpt-tokenizer's `encoding/cl100k_base` module makes its encoding, from the same ranks.
const { countTokens } = GptEncoding.getEncodingApi('cl100k_base', () => ranks);

/**
 * gpt-tokenizer's cl100k_base; importing this module loads its tables (o200k's stay unloaded),
 * from the rank cache when it can (see rank-cache.ts).
 */
export const CL100K_ENCODING: BpeEncodingData = { name: 'cl100k', count: countTokens, split: CL100K_TOKEN_SPLIT_REGEX, ranks };
