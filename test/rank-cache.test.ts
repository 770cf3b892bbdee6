// The rank cache gives back gpt-tokenizer's own ranks or none: checked against the library's
// modules themselves, with the cache cold, warm, damaged, made from another copy, and unwritable.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base';
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cachedRanks, rankCacheDirectory, type RankData } from '../src/budget/rank-cache.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';

const LIBRARY = {
  o200k_base: { url: import.meta.resolve('gpt-tokenizer/bpeRanks/o200k_base'), ranks: o200kRanks },
  cl100k_base: { url: import.meta.resolve('gpt-tokenizer/bpeRanks/cl100k_base'), ranks: cl100kRanks },
};
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const root = mkdtempSync(join(tmpdir(), 'note-context-rank-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let directory = '';
let dirs = 0;
beforeEach(() => {
  directory = join(root, `cache-${dirs++}`);
});

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

/** `cachedRanks` of gpt-tokenizer's module, and how many times it imported the module. */
async function load(name: keyof typeof LIBRARY, dir: string | undefined, url = LIBRARY[name].url) {
  let imports = 0;
  const ranks = await cachedRanks(url, () => {
    imports++;
    return import(url) as Promise<{ default: RankData }>;
  }, dir);
  return { ranks, imports };
}

const cacheFile = () => {
  const files = readdirSync(directory);
  expect(files).toHaveLength(1);
  return join(directory, files[0]!);
};

describe('rank cache', () => {
  it.each(['o200k_base', 'cl100k_base'] as const)('%s: a cold cache imports the library and writes its ranks; a warm one gives them back, equal element by element, without importing', async (name) => {
    const cold = await load(name, directory);
    expect(cold.imports).toBe(1);
    expect(cold.ranks).toBe(LIBRARY[name].ranks);
    const warm = await load(name, directory);
    expect(warm.imports).toBe(0);
    expect(warm.ranks).not.toBe(LIBRARY[name].ranks);
    expect(firstDifference(warm.ranks, LIBRARY[name].ranks)).toBe(-1);
    // Byte tokens too: o200k has 1,571 of them.
    expect(warm.ranks.filter((token) => typeof token !== 'string').length).toBeGreaterThan(0);
  });

  it("an encoding made from the cached ranks counts as gpt-tokenizer's own o200k module, on the sample notebook and on random text", async () => {
    await load('o200k_base', directory);
    const { ranks, imports } = await load('o200k_base', directory);
    expect(imports).toBe(0);
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

  it.each(DAMAGE)('a damaged file (%s) is not used: the ranks are the library’s, and the file is made anew', async (_, damage) => {
    await load('o200k_base', directory);
    const file = cacheFile();
    writeFileSync(file, damage(readFileSync(file)));
    const damaged = await load('o200k_base', directory);
    expect(damaged.imports).toBe(1);
    expect(damaged.ranks).toBe(o200kRanks);
    const again = await load('o200k_base', directory);
    expect(again.imports).toBe(0);
    expect(firstDifference(again.ranks, o200kRanks)).toBe(-1);
  });

  it('a file made from another copy of the module is not used, even under its name', async () => {
    // The same ranks in a module of other bytes: another version, or a patched copy.
    const copies = mkdtempSync(join(root, 'copy-'));
    const copy = join(copies, 'o200k_base.mjs');
    copyFileSync(new URL(LIBRARY.o200k_base.url), copy);
    writeFileSync(copy, '\n// patched\n', { flag: 'a' });
    const copyUrl = pathToFileURL(copy).href;
    await load('o200k_base', directory, copyUrl);
    const made = cacheFile();
    // Renamed to the name the library's own module looks for.
    await load('o200k_base', join(root, 'probe'));
    const expectedName = readdirSync(join(root, 'probe'))[0]!;
    rmSync(join(root, 'probe'), { recursive: true });
    copyFileSync(made, join(directory, expectedName));
    rmSync(made);
    const loaded = await load('o200k_base', directory);
    expect(loaded.imports).toBe(1);
    expect(loaded.ranks).toBe(o200kRanks);
  });

  it('a directory that cannot be made or written: the library’s ranks, no error, every time', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    for (const dir of [join(file, 'cache'), file]) {
      for (let i = 0; i < 2; i++) {
        const loaded = await load('cl100k_base', dir);
        expect(loaded.imports).toBe(1);
        expect(loaded.ranks).toBe(cl100kRanks);
      }
    }
    expect(readFileSync(file, 'utf8')).toBe('');
  });

  it('no cache directory: the library’s ranks, nothing written', async () => {
    const loaded = await load('cl100k_base', undefined);
    expect(loaded.imports).toBe(1);
    expect(loaded.ranks).toBe(cl100kRanks);
  });

  it('the cache directory: NOTE_CONTEXT_CACHE_DIR (empty: none), else XDG_CACHE_HOME, else ~/.cache', () => {
    expect(rankCacheDirectory({ NOTE_CONTEXT_CACHE_DIR: '/x/y', XDG_CACHE_HOME: '/c' })).toBe('/x/y');
    expect(rankCacheDirectory({ NOTE_CONTEXT_CACHE_DIR: '', XDG_CACHE_HOME: '/c' })).toBeUndefined();
    expect(rankCacheDirectory({ XDG_CACHE_HOME: '/c' })).toBe('/c/note-context');
    expect(rankCacheDirectory({})).toBe(join(homedir(), '.cache', 'note-context'));
  });
});
