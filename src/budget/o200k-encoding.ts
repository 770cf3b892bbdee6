import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { BpeEncodingData } from './make-linear-counter.js';
import { RankFile } from './rank-file.js';
import { RankTable } from './rank-table.js';

const table =
  RankFile.read(new URL('./o200k_base.ranks', import.meta.url), import.meta.resolve('gpt-tokenizer/bpeRanks/o200k_base')) ??
  RankTable.fromRanks((await import('gpt-tokenizer/bpeRanks/o200k_base')).default);

/** gpt-tokenizer's o200k_base; importing this module loads its table only: from the build's rank file beside it, else from the library's ranks. */
export const O200K_ENCODING: BpeEncodingData = { name: 'o200k', split: O200K_TOKEN_SPLIT_REGEX, table };
