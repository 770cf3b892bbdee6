import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { loadEncoding } from './rank-file.js';

/** gpt-tokenizer's o200k_base; importing this module loads its table only (see {@link loadEncoding}). */
export const O200K_ENCODING = await loadEncoding('o200k', O200K_TOKEN_SPLIT_REGEX, () => import('gpt-tokenizer/bpeRanks/o200k_base'));
