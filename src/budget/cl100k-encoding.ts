import { CL100K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { BpeEncodingData } from './make-linear-counter.js';
import { RankFile } from './rank-file.js';
import { RankTable } from './rank-table.js';

const table =
  RankFile.read(new URL('./cl100k_base.ranks', import.meta.url), import.meta.resolve('gpt-tokenizer/bpeRanks/cl100k_base')) ??
  RankTable.fromRanks((await import('gpt-tokenizer/bpeRanks/cl100k_base')).default);

/** gpt-tokenizer's cl100k_base; importing this module loads its table only: from the build's rank file beside it, else from the library's ranks. */
export const CL100K_ENCODING: BpeEncodingData = { name: 'cl100k', split: CL100K_TOKEN_SPLIT_REGEX, table };
