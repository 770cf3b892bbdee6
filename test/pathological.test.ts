import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { makeLinearCounter } from '../src/budget/make-linear-counter.js';
import { CL100K_ENCODING } from '../src/budget/cl100k-encoding.js';
import { O200K_ENCODING } from '../src/budget/o200k-encoding.js';
import { render } from '../src/result/render.js';
import type { GraphRAGResult } from '../src/result/graph-rag-result-schema.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';

// Counts the whole output; make-linear-counter.test.ts checks this counter equals gpt-tokenizer's exactly.
const COUNT = { o200k: makeLinearCounter(O200K_ENCODING), cl100k: makeLinearCounter(CL100K_ENCODING) };

/** Text that makes one huge pre-tokenizer chunk, or a long run gpt-tokenizer merges slowly. */
const pathological = fc
  .record({
    unit: fc.constantFrom('x', ' ', '水', '=-', '😀', 'ab', '\t', '.', 'é'),
    length: fc.integer({ min: 1_000, max: 40_000 }),
  })
  .map(({ unit, length }) => unit.repeat(Math.ceil(length / unit.length)));

const focusOnly = (result: GraphRAGResult): GraphRAGResult => ({
  focusNote: { ...result.focusNote, children: [], referrings: [], priorSiblings: [], youngerSiblings: [] },
  relatedNotes: [],
});

describe('pathological note text (issue: one long note must not stall a build)', () => {
  it('builds stay exact and within budget when titles and details are huge runs of one character (40 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(pathological, pathological, pathological),
        fc.constantFrom('o200k', 'cl100k'),
        fc.constantFrom('json', 'prompt'),
        fc.integer({ min: 0, max: 30_000 }),
        async ([focusDetails, parentTitle, siblingTitle], tokenizer, format, budget) => {
          const store = new MemoryNoteStore({
            notebooks: [],
            notes: [
              { id: 1, title: parentTitle, details: siblingTitle, siblingOrder: 1, notebookId: 1 },
              { id: 2, title: 'focus', details: focusDetails, parentId: 1, siblingOrder: 1, notebookId: 1 },
              { id: 3, title: siblingTitle, details: focusDetails.slice(0, 2000), parentId: 1, siblingOrder: 2, notebookId: 1 },
              { id: 4, title: 'child', details: parentTitle, parentId: 2, objectId: 3, siblingOrder: 1, notebookId: 1 },
            ],
          });
          const { result, report } = await buildContext(store, { focus: 2, budget, tokenizer, format, timeoutMs: 20_000 });
          const count = COUNT[tokenizer];
          expect(report.used).toBe(count(render(result, format)) - count(render(focusOnly(result), format)));
          expect(report.used).toBeLessThanOrEqual(budget);
          expect(report.focusCost).toBe(count(render(focusOnly(result), format)));
        },
      ),
      { numRuns: 40 },
    );
  });
});
