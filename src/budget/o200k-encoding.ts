import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { BpeEncodingData } from './bpe-count.js';
import { cachedRanks, rankCacheDirectory } from './rank-cache.js';

const ranks = await cachedRanks(
  import.meta.resolve('gpt-tokenizer/bpeRanks/o200k_base'),
  () => import('gpt-tokenizer/bpeRanks/o200k_base'),
  rankCacheDirectory(),
);
// As gpt-tokenizer's `encoding/o200k_base` module makes its encoding, from the same ranks.
const { countTokens } = GptEncoding.getEncodingApi('o200k_base', () => ranks);

/**
 * gpt-tokenizer's o200k_base; importing this module loads its tables (cl100k's stay unloaded),
 * from the rank cache when it can (see rank-cache.ts).
 */
export const O200K_ENCODING: BpeEncodingData = { name: 'o200k', count: countTokens, split: O200K_TOKEN_SPLIT_REGEX, ranks };
