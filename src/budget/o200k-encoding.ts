import ranks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { BpeEncodingData } from './bpe-count.js';

/** gpt-tokenizer's o200k_base; importing this module loads its tables (cl100k's stay unloaded). */
export const O200K_ENCODING: BpeEncodingData = { name: 'o200k', count: countTokens, split: O200K_TOKEN_SPLIT_REGEX, ranks };
