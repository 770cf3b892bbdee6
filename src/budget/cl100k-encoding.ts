import ranks from 'gpt-tokenizer/bpeRanks/cl100k_base';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { CL100K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { BpeEncodingData } from './bpe-count.js';

/** gpt-tokenizer's cl100k_base; importing this module loads its tables (o200k's stay unloaded). */
export const CL100K_ENCODING: BpeEncodingData = { name: 'cl100k', count: countTokens, split: CL100K_TOKEN_SPLIT_REGEX, ranks };
