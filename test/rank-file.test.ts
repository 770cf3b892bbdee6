// A rank file gives back a table that finds gpt-tokenizer's own ranks, or none: checked against the
// library's modules themselves, with the file whole, damaged, made from another copy of the module, and missing.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base';
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { afterAll, describe, expect, it } from 'vitest';
import { makeLinearCounter } from '../src/budget/make-linear-counter.js';
import { RankFile } from '../src/budget/rank-file.js';
import { RankTable, type RankData } from '../src/budget/rank-table.js';
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
  RankFile.write(file, url, LIBRARY[name].ranks);
  return file;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Whether the library finds `token` by its bytes: byte tokens that are valid UTF-8 are looked up as the string they decode to. */
function foundByBytes(token: string | readonly number[]): boolean {
  if (typeof token === 'string') return true;
  try {
    strictUtf8.decode(Uint8Array.from(token));
    return false;
  } catch {
    return true;
  }
}

describe('rank file', () => {
  it.each(['o200k_base', 'cl100k_base'] as const)("%s: finds every token by its bytes, and no bytes that are no token, as the library's ranks say", (name) => {
    const { ranks } = LIBRARY[name];
    const table = RankFile.read(written(name), LIBRARY[name].url)!;
    expect(table).toBeDefined();
    // The library's ranks by their bytes (no string token here has a lone surrogate).
    const oracle = new Map<string, number>();
    const keyOf = (token: string | readonly number[]) => (typeof token === 'string' ? Buffer.from(token, 'utf8') : Buffer.from(token));
    ranks.forEach((token, rank) => foundByBytes(token) && oracle.set(keyOf(token).toString('latin1'), rank));
    const wrong: string[] = [];
    let byteTokens = 0;
    let notFound = 0;
    let misses = 0;
    ranks.forEach((token, rank) => {
      if (typeof token !== 'string') byteTokens++;
      const key = keyOf(token);
      if (!foundByBytes(token)) {
        // Bytes that start with a BOM: the library decodes them to a string without it.
        notFound++;
        if (table.find(key, 0, key.length) !== -1 || !key.subarray(0, 3).equals(Buffer.from('\ufeff'))) wrong.push(`${rank}`);
        return;
      }
      if (table.find(key, 0, key.length) !== rank) wrong.push(`${rank}`);
      // The token with a byte more, and the token's bytes in the middle of others.
      const longer = Buffer.concat([Buffer.from([0x20]), key, Buffer.from([rank & 0xff])]);
      const expected = oracle.get(longer.subarray(1).toString('latin1')) ?? -1;
      if (expected < 0) misses++;
      if (table.find(longer, 1, longer.length) !== expected || table.find(longer, 1, longer.length - 1) !== rank) wrong.push(`${rank}+`);
    });
    expect(wrong).toEqual([]);
    expect(byteTokens).toBe(name === 'o200k_base' ? 1571 : 781);
    expect(oracle.size).toBe(ranks.length - notFound);
    expect(notFound).toBe(name === 'o200k_base' ? 9 : 8);
    expect(misses).toBeGreaterThan(ranks.length / 3);
    // The file holds the very table the ranks make.
    const made = RankTable.fromRanks(ranks).data;
    const bytesOf = (array: Uint8Array | Uint32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
    for (const part of ['slots', 'offsets', 'keys'] as const) expect(bytesOf(table.data[part]).equals(bytesOf(made[part]))).toBe(true);
    expect(table.data.keys.length).toBe(table.data.offsets.at(-1));
  });

  it("a counter over the file's table counts as gpt-tokenizer's own o200k module, on the sample notebook and on random text", async () => {
    const table = RankFile.read(written('o200k_base'), LIBRARY.o200k_base.url)!;
    const count = makeLinearCounter({ name: 'o200k', split: O200K_TOKEN_SPLIT_REGEX, table });
    const fixture = await readFixtureFile('fixtures/sample-notebook.json');
    const texts = fixture.notes.flatMap((note) => [note.title, note.details ?? '']);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(count(text)).toBe(countO200k(text, AS_TEXT));
    const units = fc.constantFrom(' ', 'a', '\n', 'é', '水', '\ufeff', '\ud800', '<|endoftext|>');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.string({ unit: units, maxLength: 200 })), (text) => {
        expect(count(text)).toBe(countO200k(text, AS_TEXT));
      }),
      { numRuns: 3000 },
    );
  });

  const DAMAGE: [string, (content: Buffer) => Buffer][] = [
    ['a byte of a token changed', (content) => Buffer.concat([content.subarray(0, -40), Buffer.from([content[content.length - 40]! ^ 1]), content.subarray(-39)])],
    ['cut short', (content) => content.subarray(0, content.length >> 1)],
    ['an empty file', () => Buffer.alloc(0)],
    ['no header', (content) => content.subarray(30)],
    ['a header that is not JSON', (content) => Buffer.concat([Buffer.from('note-context bpe rank table 2\n{"source":'), content.subarray(content.indexOf(10, 30))])],
    ['a byte of a slot changed', (content) => Buffer.concat([content.subarray(0, content.indexOf(10, 30) + 101), Buffer.from([content[content.indexOf(10, 30) + 101]! ^ 0x10]), content.subarray(content.indexOf(10, 30) + 102)])],
    ['a token with a lone surrogate added to the header', (content) => Buffer.from(content.toString('latin1').replace('"illFormed":[]', '"illFormed":[[0,"\\ud800"]]'), 'latin1')],
  ];

  it.each(DAMAGE)('a damaged file (%s) gives no ranks', (_, damage) => {
    const file = written('o200k_base');
    expect(RankFile.read(file, LIBRARY.o200k_base.url)).toBeDefined();
    writeFileSync(file, damage(readFileSync(file)));
    expect(RankFile.read(file, LIBRARY.o200k_base.url)).toBeUndefined();
  });

  it('a header padded otherwise (the data not at a multiple of 4 bytes) still gives the table, copied', () => {
    const file = written('cl100k_base');
    const content = readFileSync(file);
    const headerEnd = content.indexOf(10, 30);
    writeFileSync(file, Buffer.concat([content.subarray(0, headerEnd), Buffer.from(' '), content.subarray(headerEnd)]));
    const table = RankFile.read(file, LIBRARY.cl100k_base.url)!;
    expect(table).toBeDefined();
    expect(table.data.slots.byteOffset % 4).toBe(0);
    const key = Buffer.from(' hello');
    expect(table.find(key, 0, key.length)).toBe(LIBRARY.cl100k_base.ranks.indexOf(' hello'));
    expect(table.find(key, 0, key.length)).toBeGreaterThan(0);
  });

  it('a file made from another copy of the module gives no ranks to the library’s own, nor the other way round', () => {
    // The same ranks in a module of other bytes: another version, or a patched copy.
    const copy = join(mkdtempSync(join(root, 'copy-')), 'o200k_base.mjs');
    copyFileSync(new URL(LIBRARY.o200k_base.url), copy);
    writeFileSync(copy, '\n// patched\n', { flag: 'a' });
    const copyUrl = pathToFileURL(copy).href;
    const fromCopy = written('o200k_base', copyUrl);
    expect(RankFile.read(fromCopy, copyUrl)).toBeDefined();
    expect(RankFile.read(fromCopy, LIBRARY.o200k_base.url)).toBeUndefined();
    expect(RankFile.read(written('o200k_base'), copyUrl)).toBeUndefined();
  });

  it('no file, or a library module that cannot be read: no ranks, no error', () => {
    const missing = pathToFileURL(join(root, 'missing.ranks'));
    expect(RankFile.read(missing, LIBRARY.cl100k_base.url)).toBeUndefined();
    expect(existsSync(missing)).toBe(false);
    expect(RankFile.read(written('cl100k_base'), pathToFileURL(join(root, 'no-module.js')).href)).toBeUndefined();
  });

  it('ranks that have no place in a file (a hole, an empty token) are refused when written', () => {
    const file = pathToFileURL(join(root, 'refused.ranks'));
    expect(() => RankFile.write(file, LIBRARY.cl100k_base.url, ['a', '', 'b'])).toThrow(/no rank table/);
    expect(() => RankFile.write(file, LIBRARY.cl100k_base.url, ['a', , 'b'] as RankData)).toThrow(/no rank table/);
    expect(existsSync(file)).toBe(false);
  });
});
