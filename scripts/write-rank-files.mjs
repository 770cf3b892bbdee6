// Run by `npm run build` after tsc: writes the rank tables of gpt-tokenizer's ranks into rank files
// beside the built encoding modules (dist/budget/o200k_base.ranks, cl100k_base.ranks), which those
// modules use as read instead of importing the library's array literals (see src/budget/rank-file.ts).
import { RankFile } from '../dist/budget/rank-file.js';

for (const name of ['o200k_base', 'cl100k_base']) {
  const moduleUrl = import.meta.resolve(`gpt-tokenizer/bpeRanks/${name}`);
  const { default: ranks } = await import(moduleUrl);
  RankFile.write(new URL(`../dist/budget/${name}.ranks`, import.meta.url), moduleUrl, ranks);
}
