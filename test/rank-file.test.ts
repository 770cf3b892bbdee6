// A rank file gives back gpt-tokenizer's own ranks or none: checked against the library's modules
// themselves, with the file whole, damaged, made from another copy of the module, and missing.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base';
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { afterAll, describe, expect, it } from 'vitest';
import { readRankFile, writeRankFile } from '../src/budget/rank-file.js';
import type { RankData } from '../src/budget/rank-table.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';

const LIBRARY = {
  o200k_base: { url: import.meta.resolve('gpt-tokenizer/bpeRanks/o200k_base'), ranks: o200kRanks },
  cl100k_base: { url: import.meta.resolve('gpt-tokenizer/bpeRanks/cl100k_base'), ranks: cl100kRanks },
};
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const root = mkdtempSync(join(tmpdir(), 'note-context-rank-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
/** A new rank file of gpt-tokenizer's module `name` (or of the module at `url`). */
function written(name: keyof typeof LIBRARY, url = LIBRARY[name].url): URL {
  const file = pathToFileURL(join(root, `${name}-${files++}.ranks`));
  writeRankFile(file, url, LIBRARY[name].ranks);
  return file;
}

/** The first rank at which the two differ (a hole, a string, bytes), or -1. */
function firstDifference(actual: RankData, expected: RankData): number {
  if (actual.length !== expected.length) return Math.min(actual.length, expected.length);
  for (let rank = 0; rank < expected.length; rank++) {
    if (rank in actual !== rank in expected) return rank;
    const [a, e] = [actual[rank], expected[rank]];
    if (typeof e === 'string' ? a !== e : typeof a === 'string' || a === undefined || a.length !== e!.length || a.some((byte, i) => byte !== e![i])) return rank;
  }
  return -1;
}

describe('rank file', () => {
  it.each(['o200k_base', 'cl100k_base'] as const)('%s: gives back the ranks it was written from, equal element by element', (name) => {
    const ranks = readRankFile(written(name), LIBRARY[name].url);
    expect(ranks).toBeDefined();
    expect(ranks).not.toBe(LIBRARY[name].ranks);
    expect(firstDifference(ranks!, LIBRARY[name].ranks)).toBe(-1);
    // Byte tokens too: o200k has 1,571 of them.
    expect(ranks!.filter((token) => typeof token !== 'string').length).toBeGreaterThan(0);
  });

  it("an encoding made from the file's ranks counts as gpt-tokenizer's own o200k module, on the sample notebook and on random text", async () => {
    const ranks = readRankFile(written('o200k_base'), LIBRARY.o200k_base.url)!;
    const { countTokens } = GptEncoding.getEncodingApi('o200k_base', () => ranks);
    const fixture = await readFixtureFile('fixtures/sample-notebook.json');
    const texts = fixture.notes.flatMap((note) => [note.title, note.details ?? '']);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(countTokens(text, AS_TEXT)).toBe(countO200k(text, AS_TEXT));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(' ', 'a', '\n', 'é', '水', '<|endoftext|>') })), (text) => {
        expect(countTokens(text, AS_TEXT)).toBe(countO200k(text, AS_TEXT));
      }),
      { numRuns: 3000 },
    );
  });

  const DAMAGE: [string, (content: Buffer) => Buffer][] = [
    ['a byte of a token changed', (content) => Buffer.concat([content.subarray(0, -40), Buffer.from([content[content.length - 40]! ^ 1]), content.subarray(-39)])],
    ['cut short', (content) => content.subarray(0, content.length >> 1)],
    ['an empty file', () => Buffer.alloc(0)],
    ['no header', (content) => content.subarray(30)],
    ['a header that is not JSON', (content) => Buffer.concat([Buffer.from('note-context bpe ranks 1\n{"source":'), content.subarray(content.indexOf(10, 30))])],
  ];

  it.each(DAMAGE)('a damaged file (%s) gives no ranks', (_, damage) => {
    const file = written('o200k_base');
    expect(readRankFile(file, LIBRARY.o200k_base.url)).toBeDefined();
    writeFileSync(file, damage(readFileSync(file)));
    expect(readRankFile(file, LIBRARY.o200k_base.url)).toBeUndefined();
  });

  it('a file made from another copy of the module gives no ranks to the library’s own, nor the other way round', () => {
    // The same ranks in a module of other bytes: another version, or a patched copy.
    const copy = join(mkdtempSync(join(root, 'copy-')), 'o200k_base.mjs');
    copyFileSync(new URL(LIBRARY.o200k_base.url), copy);
    writeFileSync(copy, '\n// patched\n', { flag: 'a' });
    const copyUrl = pathToFileURL(copy).href;
    const fromCopy = written('o200k_base', copyUrl);
    expect(readRankFile(fromCopy, copyUrl)).toBeDefined();
    expect(readRankFile(fromCopy, LIBRARY.o200k_base.url)).toBeUndefined();
    expect(readRankFile(written('o200k_base'), copyUrl)).toBeUndefined();
  });

  it('no file, or a library module that cannot be read: no ranks, no error', () => {
    const missing = pathToFileURL(join(root, 'missing.ranks'));
    expect(readRankFile(missing, LIBRARY.cl100k_base.url)).toBeUndefined();
    expect(existsSync(missing)).toBe(false);
    expect(readRankFile(written('cl100k_base'), pathToFileURL(join(root, 'no-module.js')).href)).toBeUndefined();
  });

  it('ranks that have no place in a file (a hole, an empty token) are refused when written', () => {
    const file = pathToFileURL(join(root, 'refused.ranks'));
    expect(() => writeRankFile(file, LIBRARY.cl100k_base.url, ['a', '', 'b'])).toThrow(/no rank file/);
    expect(() => writeRankFile(file, LIBRARY.cl100k_base.url, ['a', , 'b'] as RankData)).toThrow(/no rank file/);
    expect(existsSync(file)).toBe(false);
  });
});
