import fc from 'fast-check';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { estimateTokens } from '../src/budget/tokenizer.js';
import { render, type OutputFormat } from '../src/result/render.js';
import type { GraphRAGResult } from '../src/result/graph-rag-result-schema.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { visibleFocusScenario } from './support/scenario.js';

// Counted straight with gpt-tokenizer on the whole output: nothing of the build's own counting.
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const COUNTERS = {
  o200k: (text: string) => countO200k(text, AS_TEXT),
  cl100k: (text: string) => countCl100k(text, AS_TEXT),
  estimate: estimateTokens,
};

function focusOnly(result: GraphRAGResult): GraphRAGResult {
  return { focusNote: { ...result.focusNote, children: [], referrings: [], priorSiblings: [], youngerSiblings: [] }, relatedNotes: [] };
}

describe('honest accounting (spec section 5)', () => {
  for (const tokenizer of ['o200k', 'cl100k'] as const) {
    for (const format of ['json', 'prompt'] as const satisfies readonly OutputFormat[]) {
      it(`${tokenizer}, ${format}: used is exactly what the related notes and entries add to the output (2,000 runs)`, async () => {
        const count = COUNTERS[tokenizer];
        let skipped = 0;
        let related = 0;
        await fc.assert(
          fc.asyncProperty(visibleFocusScenario(2500), async (s) => {
            const { result, report } = await buildContext(new MemoryNoteStore(s.fixture), { ...s.options, tokenizer, format });
            const added = count(render(result, format)) - count(render(focusOnly(result), format));
            expect(report.used).toBe(added);
            expect(report.used).toBeLessThanOrEqual(report.budget);
            expect(report.focusCost).toBe(count(render(focusOnly(result), format)));
            if (report.skippedCount > 0) skipped++;
            related += result.relatedNotes.length;
          }),
          { numRuns: 2000 },
        );
        console.log(`${tokenizer}/${format}: ${skipped} of 2000 builds skipped a note; ${related} related notes in all`);
      });
    }
  }

  it('estimate: the guarantee holds for both formats whatever the build is priced for', async () => {
    await fc.assert(
      fc.asyncProperty(visibleFocusScenario(2500), fc.constantFrom<OutputFormat>('json', 'prompt'), async (s, pricedFor) => {
        const { result, report } = await buildContext(new MemoryNoteStore(s.fixture), { ...s.options, tokenizer: 'estimate', format: pricedFor });
        for (const format of ['json', 'prompt'] as const) {
          expect(estimateTokens(render(result, format))).toBeLessThanOrEqual(estimateTokens(render(focusOnly(result), format)) + report.budget);
        }
      }),
      { numRuns: 300 },
    );
  });
});
