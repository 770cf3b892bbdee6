import { CL100K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { loadEncoding } from './rank-file.js';

/** gpt-tokenizer's cl100k_base; importing this module loads its table only (see {@link loadEncoding}). */
export const CL100K_ENCODING = await loadEncoding('cl100k', CL100K_TOKEN_SPLIT_REGEX, () => import('gpt-tokenizer/bpeRanks/cl100k_base'));
