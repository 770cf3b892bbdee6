import fc from 'fast-check';
import { countTokens as countCl100k, encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k, encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { makeLinearCounter, type BpeEncoding, type BpeEncodingData } from '../src/budget/make-linear-counter.js';
import { bpeMerge } from '../src/budget/bpe-merge.js';
import { PairQueue } from '../src/budget/pair-queue.js';
import { CL100K_ENCODING } from '../src/budget/cl100k-encoding.js';
import { O200K_ENCODING } from '../src/budget/o200k-encoding.js';
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base';

/** Chunks of more bytes than this are merged by bpeMerge, shorter ones by shortChunkCount. */
const LONG_CHUNK_BYTES = 128;

/** The tokens of `text` with every chunk merged by bpeMerge, to compare with the library's `encode`. */
function mergedTokens(encoding: BpeEncodingData, text: string): number[] {
  return [...text.matchAll(new RegExp(encoding.split.source, 'gu'))].flatMap(([chunk]) => bpeMerge(chunk, encoding.table));
}

const AS_TEXT = { disallowedSpecial: new Set<string>() };
const BPE = { o200k: O200K_ENCODING, cl100k: CL100K_ENCODING };
const library: Record<BpeEncoding, (text: string) => number> = {
  o200k: (text) => countO200k(text, AS_TEXT),
  cl100k: (text) => countCl100k(text, AS_TEXT),
};
const libraryTokens: Record<BpeEncoding, (text: string) => number[]> = {
  o200k: (text) => encodeO200k(text, AS_TEXT),
  cl100k: (text) => encodeCl100k(text, AS_TEXT),
};
const RANKS = { o200k: o200kRanks, cl100k: cl100kRanks };

/** How often the texts a property drew reached each case, to assert that the generators reach them. */
class Reached {
  texts = 0;
  loneSurrogates = 0;
  boms = 0;
  specialAsText = 0;
  /** Texts the library encodes with a token that is bytes, not a string (part of a character). */
  byteTokens = 0;
  /** Texts with a chunk that is no token, so merged. */
  merged = 0;
  /** Texts with a chunk of more than LONG_CHUNK_BYTES bytes. */
  longChunks = 0;

  constructor(private readonly encoding: BpeEncoding) {}

  add(text: string, tokens: readonly number[]): void {
    this.texts++;
    if (/\p{Cs}/u.test(text)) this.loneSurrogates++;
    if (text.includes('\ufeff')) this.boms++;
    if (/<\|\w+\|>/.test(text)) this.specialAsText++;
    if (tokens.some((token) => typeof RANKS[this.encoding][token] !== 'string')) this.byteTokens++;
    const chunks = [...text.matchAll(new RegExp(BPE[this.encoding].split.source, 'gu'))].map(([chunk]) => chunk);
    if (chunks.length < tokens.length) this.merged++;
    if (chunks.some((chunk) => Buffer.byteLength(chunk) > LONG_CHUNK_BYTES)) this.longChunks++;
  }
}

/** Pieces that exercise the pre-tokenizers and the byte lookups' corners. */
const PIECES = [
  '<|endoftext|>', '<|im_start|>', '<|fim_prefix|>', '\ufeff', '\ufeff\ufeff', '\ufeffusing', '\ufeff名', '\ufeff\u1784', '\ud800', '\udfff', '\udbff\udc00', '\ufffd',
  ' ', '  ', '\t', '\n', '\r\n', '\r', '\u00a0', '\u3000', '\u2028', '\u000b', '\u0000', '\u001f', '\u007f', '\u0085',
  "'s", "'LL", "n't", 'x', 'X', 'xx', 'Hello', 'ÉCOLE', 'naïve', 'ǅ', 'ß', 'ﬁ', 'e\u0301', '\u0301',
  '水', '水水', '漢字', 'の', 'カタカナ', '한국어', 'ภาษา', 'العربية', 'ℵ', 'Ⅻ', '٣', '½',
  '1', '12', '123', '1234', '.', '...', '=-', '!!', '/', '//', '#', '```', '->', '<', '|', '>', '—', '“', '”', '…',
  '😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '\u{1F600}\u{1F600}', '\u{10FFFF}', '\u{E0001}',
];

// size 'max': fast-check otherwise keeps strings and arrays to about 10 elements.
const pieceString = fc.array(fc.constantFrom(...PIECES), { maxLength: 24, size: 'max' }).map((parts) => parts.join(''));
const mixedString = fc.array(
  fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 6 }), fc.string({ unit: 'grapheme', maxLength: 4 })),
  { maxLength: 16, size: 'max' },
).map((parts) => parts.join(''));
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60, size: 'max' }),
  fc.string({ unit: 'grapheme', maxLength: 30, size: 'max' }),
  fc.string({ unit: 'binary-ascii', maxLength: 60, size: 'max' }),
  fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '\r', '\u00a0', '\ufeff', 'a', 'B', '1', '.', '水'), maxLength: 40, size: 'max' }),
  pieceString,
  mixedString,
);

/** Runs of one piece, sized in UTF-8 bytes: the library's quadratic case. */
const RUN_UNITS = ['x', ' ', '水', '=-', '.', '\n', '\ud800', 'ab', '1', '😀', 'é', '\t ', '\ufeff', '\ufeff\ud800'];
const longChunk = fc.oneof(
  fc.record({ unit: fc.constantFrom(...RUN_UNITS), bytes: fc.integer({ min: 1024, max: 8192 }) }).map(({ unit, bytes }) =>
    unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit))),
  ),
  // Letters without spaces: one chunk of varied pairs.
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1024, maxLength: 6000, size: 'max' }),
  fc.string({ unit: fc.constantFrom(...'的一是不了人我在有他这中大来上个国和到说'), minLength: 400, maxLength: 2000, size: 'max' }),
  fc.string({ unit: fc.constantFrom(...'!"#$%&()*+,-./:;<=>?@[]^_`{|}~'), minLength: 1024, maxLength: 6000, size: 'max' }),
  // BOMs and lone surrogates inside long chunks of punctuation: the BOM rule and EF BF BD in long merges.
  fc.string({ unit: fc.constantFrom('\ufeff', '\ud800', '\udfff', '!', '—', '😀'), minLength: 400, maxLength: 2000, size: 'max' }),
  // A long chunk behind a prefix the pre-tokenizer takes along (BOM, space, punctuation) and
  // between short text, with whitespace at the seams.
  fc
    .record({
      before: pieceString,
      prefix: fc.constantFrom('', ' ', '\ufeff', '"', '\u00a0', '\ud800'),
      unit: fc.constantFrom('x', 'ab', '水', 'é', 'Ab'),
      bytes: fc.integer({ min: 1024, max: 4096 }),
      after: pieceString,
    })
    .map(({ before, prefix, unit, bytes, after }) => before + prefix + unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit))) + after),
);

for (const encoding of ['o200k', 'cl100k'] as const) {
  describe(`makeLinearCounter('${encoding}')`, () => {
    const count = makeLinearCounter(BPE[encoding]);

    it('counts any text as gpt-tokenizer does, merging to its very tokens (6,000 runs)', () => {
      // The counter remembers chunks across runs: later texts are counted partly from memory; a
      // counter of its own counts each text afresh.
      const reached = new Reached(encoding);
      fc.assert(
        fc.property(anyText, (text) => {
          const expected = libraryTokens[encoding](text);
          reached.add(text, expected);
          expect(count(text)).toBe(library[encoding](text));
          expect(count(text)).toBe(expected.length);
          expect(makeLinearCounter(BPE[encoding])(text)).toBe(expected.length);
          expect(mergedTokens(BPE[encoding], text)).toEqual(expected);
        }),
        { numRuns: 6000 },
      );
      // With the fixed seed these are stable; each floor is well below what the generators reach.
      expect(reached.texts).toBe(6000);
      expect(reached.loneSurrogates).toBeGreaterThan(200);
      expect(reached.boms).toBeGreaterThan(1000);
      expect(reached.specialAsText).toBeGreaterThan(300);
      expect(reached.byteTokens).toBeGreaterThan(3500);
      expect(reached.merged).toBeGreaterThan(5000);
      expect(reached.longChunks).toBeGreaterThan(3);
    });

    it('counts long chunks as gpt-tokenizer does, merging to its very tokens (40 runs)', () => {
      const reached = new Reached(encoding);
      fc.assert(
        fc.property(longChunk, (text) => {
          const expected = libraryTokens[encoding](text);
          reached.add(text, expected);
          expect(count(text)).toBe(library[encoding](text));
          expect(count(text)).toBe(expected.length);
          expect(mergedTokens(BPE[encoding], text)).toEqual(expected);
        }),
        { numRuns: 40 },
      );
      console.log(`${encoding}, long chunks: ${JSON.stringify(reached)}`);
      // Runs of digits are chunks of three, runs of whitespace end in one of their own.
      expect(reached.longChunks).toBeGreaterThan(24);
      expect(reached.loneSurrogates).toBeGreaterThan(8);
      expect(reached.boms).toBeGreaterThan(8);
      expect(reached.byteTokens).toBeGreaterThan(8);
    });

    it('counts texts whose whitespace meets a long chunk (every seam of up to 3 of " \\n\\r\\t!a")', () => {
      // A slice of text ending in whitespace splits differently alone (" \t" before "!xxx…" is
      // " " and "\t" in the text, " \t" alone).
      const long = 'x'.repeat(LONG_CHUNK_BYTES + 1);
      const seams = [''];
      for (const seam of seams) if (seam.length < 3) for (const c of ' \n\r\t!a') seams.push(seam + c);
      for (const seam of [...seams, '\u3000 !', '\ufeff', ' \u00a0\u2028']) {
        for (const text of [seam + long, 'a' + seam + long + seam, long + seam + long, seam + '水'.repeat(60) + seam + 'b']) {
          expect(count(text)).toBe(library[encoding](text));
        }
      }
    });

    it("finds a pair's rank as the library does, which drops a leading BOM before a string lookup", () => {
      // The library looks up valid UTF-8 by decoding it with a TextDecoder that drops a leading
      // BOM: in o200k, BOM + 名 merges, through EF BB + BF E5 90 8D, to the token of 名 alone.
      for (const text of ['\ufeff名', 'a\ufeff名', '\ufeff\u1784', '\ufeff名'.repeat(50)]) {
        expect(count(text)).toBe(library[encoding](text));
        expect(mergedTokens(BPE[encoding], text)).toEqual(libraryTokens[encoding](text));
      }
    });
  });
}

it('PairQueue takes pairs out by rank, then start, as a sorted list does (300 runs)', () => {
  // Starts that arrive in order and out of order, at few ranks, with pairs queued twice.
  const op = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('push' as const), rank: fc.integer({ min: 0, max: 6 }), start: fc.nat(60) }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'pop' as const }) },
  );
  fc.assert(
    fc.property(fc.array(op, { minLength: 50, maxLength: 400 }), (ops) => {
      const queue = new PairQueue(ops.length);
      const model: [number, number][] = []; // [rank, start], sorted
      for (const o of ops) {
        if (o.kind === 'push') {
          queue.push(o.rank, o.start);
          model.push([o.rank, o.start]);
          model.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        } else {
          const least = model.shift();
          const start = queue.pop();
          expect(start === -1 ? undefined : [queue.rank, start]).toEqual(least);
        }
      }
      for (let least = model.shift(); least; least = model.shift()) {
        const start = queue.pop();
        expect([queue.rank, start]).toEqual(least);
      }
      expect(queue.pop()).toBe(-1);
    }),
    { numRuns: 300 },
  );
});
