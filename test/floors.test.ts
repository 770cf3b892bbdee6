import fc from 'fast-check';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { costModelFor } from '../src/budget/cost-model.js';
import { loadTokenizer } from '../src/budget/tokenizer.js';
import type { NoteRecord } from '../src/model/note-record.js';
import { shownSizeOf } from '../src/store/shown-size.js';
import { uriAndTitleOf } from '../src/model/uri-of.js';
import { focusListOf } from '../src/relationships/focus-lists.js';
import { RELATIONS, type RelatedRelation } from '../src/relationships/relation.js';
import { relatedNoteOf } from '../src/result/related-note-of.js';
import { render, type OutputFormat } from '../src/result/render.js';
import type { GraphRAGResult } from '../src/result/graph-rag-result-schema.js';

// The floors the shortcuts use (a note costs at least its floor; a note over the size limits for
// what is left cannot fit), against what a note really adds to an output, counted with
// gpt-tokenizer on whole outputs: nothing of the build's own counting.
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const COUNT = { o200k: (text: string) => countO200k(text, AS_TEXT), cl100k: (text: string) => countCl100k(text, AS_TEXT) };
const RELATED = RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self');
const DETAILS_LIMIT = 60;

// Text where chunking is subtle: apostrophes, letters next to digits, escapes, fences, marks, CJK, emoji.
const piece = fc.constantFrom(
  'a', 'Z', 'q', '7', '123', ' ', '  ', "'", "'s", '.', '-', '"', '\\', '[', ']', '(', ')', '/', '`', '```', '~~~', '>', '#',
  '\n', '\r\n', '\t', '\u0001', '\u007f', 'é', 'e\u0301', '水', '😀', '\ud800', '²', '١', '_', 'word', ' word', 'Word', 'x1y2',
);
// Text of words, as most notes hold, where the floors should be close to the cost.
const words = fc
  .array(fc.constantFrom('note', 'context', 'graph', 'energy', 'Photosynthesis', 'idea', 'of', 'the', '2024', 'x1', 'Rocket'), { minLength: 1, maxLength: 40 })
  .map((parts) => parts.join(' '));
const text = fc.oneof(
  words,
  fc.array(piece, { maxLength: 30 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', 'Photosynthesis', 'An idea of a note', 'x'.repeat(300), ' '.repeat(200), '水'.repeat(60)),
);
const record = fc.record({
  id: fc.integer({ min: 1, max: 99_999_999 }),
  title: text,
  details: fc.option(text, { nil: undefined }),
  parent: fc.option(fc.record({ id: fc.integer({ min: 1, max: 9_999 }), title: text }), { nil: undefined }),
  object: fc.option(fc.record({ id: fc.integer({ min: 1, max: 9_999_999 }), title: text }), { nil: undefined }),
});

const focus = (): GraphRAGResult['focusNote'] => ({
  uriAndTitle: '[Focus](/n1)',
  relationToFocusNote: 'Self',
  contextualPath: [],
  children: [],
  referrings: [],
  priorSiblings: [],
  youngerSiblings: [],
});

describe('cost floors (the shortcuts step over notes only when they cannot fit)', () => {
  for (const tokenizerName of ['o200k', 'cl100k'] as const) {
    for (const format of ['json', 'prompt'] as const satisfies readonly OutputFormat[]) {
      it(`${tokenizerName}, ${format}: a note over the size limits costs more than what is left, and more than half the notes that cannot fit are over them (1,500 runs)`, async () => {
        const costs = costModelFor(await loadTokenizer(tokenizerName), format);
        const count = COUNT[tokenizerName];
        let overLimits = 0;
        let tooLarge = 0;
        await fc.assert(
          fc.property(
            record,
            fc.constantFrom(...RELATED),
            fc.boolean(),
            fc.boolean(),
            fc.integer({ min: 0, max: 200 }),
            (data, relation, withPrevious, listHasEntries, remaining) => {
              const note: NoteRecord = { ...data, ...(data.details ? {} : { details: undefined }), siblingOrder: 0, notebookId: 1 };
              const bare = relatedNoteOf(note, relation, DETAILS_LIMIT);
              // The output before and after: a previous related note (or none) and, for the
              // relations that grow a focus list, the note's entry there, alone in its list or
              // placed beside an earlier entry as the list's rule says.
              const rule = focusListOf(relation);
              const earlier = listHasEntries && rule ? ['[Earlier \u6c34 note](/n30)'] : [];
              const before: GraphRAGResult = {
                focusNote: rule ? { ...focus(), [rule.list]: earlier } : focus(),
                relatedNotes: withPrevious ? [{ uriAndTitle: '[Previous](/n2)', relationToFocusNote: 'Parent' }] : [],
              };
              const entries = rule?.placement === 'prepend' ? [uriAndTitleOf(note), ...earlier] : [...earlier, uriAndTitleOf(note)];
              const after: GraphRAGResult = {
                focusNote: rule ? { ...focus(), [rule.list]: entries } : focus(),
                relatedNotes: [...before.relatedNotes, bare],
              };
              const cost = count(render(after, format)) - count(render(before, format));
              const size = shownSizeOf(note, DETAILS_LIMIT);
              expect(costs.cheapestNote).toBeLessThanOrEqual(cost);
              if (cost > remaining) tooLarge++;
              const limits = costs.sizeLimits(remaining);
              if (size.textBytes > limits.maxTextBytes[size.shape]! || size.wordStarts > limits.maxWordStarts[size.shape]!) {
                overLimits++;
                expect(cost).toBeGreaterThan(remaining);
              }
            },
          ),
          { numRuns: 1_500 },
        );
        console.log(`${tokenizerName}/${format}: ${overLimits} of ${tooLarge} notes that cannot fit are over the size limits`);
        expect(overLimits).toBeGreaterThan(100);
        // The limits are sound (above) and close enough to leave out most notes that cannot fit.
        expect(overLimits / tooLarge).toBeGreaterThan(0.5); // 0.58-0.65 here
      });
    }
  }
});
