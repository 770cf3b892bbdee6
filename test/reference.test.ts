import fc from 'fast-check';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { build } from '../src/build-context.js';
import { resolveBuildOptions } from '../src/build-options.js';
import { noShortcuts, takeShortcuts } from '../src/shortcuts/take-shortcuts.js';
import type { BuildOptions } from '../src/build-options.js';
import { NoteNotFound } from '../src/errors.js';
import { renderJson } from '../src/result/render-json.js';
import { renderPrompt } from '../src/result/render-prompt.js';
import type { GraphRAGResult } from '../src/result/schema.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { REFERENCE_RELATIONS, referenceBuild, type ReferenceOutcome } from './support/reference-build.js';
import { PlainNoteStore } from './support/plain-note-store.js';
import { referenceScenario, type ReferenceScenario } from './support/reference-scenarios.js';

/**
 * The library against an independent reference implementation of spec sections 1–5
 * (test/support/reference-build.ts): the same JSON, the same tokens used, the same first 10 skips.
 */

/** How many runs reached each case the generators are meant to reach. */
class Coverage {
  runs = 0;
  noteNotFound = 0;
  nonEmpty = 0;
  duplicatesRecorded = 0;
  skipped = 0;
  endedAtZero = 0;
  excludeUsed = 0;
  readonly relations = new Map<string, number>(REFERENCE_RELATIONS.map((relation) => [relation, 0]));

  count(outcome: ReferenceOutcome | 'NoteNotFound', budget: number): void {
    this.runs += 1;
    if (outcome === 'NoteNotFound') {
      this.noteNotFound += 1;
      return;
    }
    const { trace } = outcome;
    const { focusNote, relatedNotes } = outcome.result;
    const listed = focusNote.children.length + focusNote.referrings.length + focusNote.priorSiblings.length + focusNote.youngerSiblings.length;
    if (relatedNotes.length + listed > 0) this.nonEmpty += 1;
    if (trace.duplicatesRecorded > 0) this.duplicatesRecorded += 1;
    if (trace.skippedCount > 0) this.skipped += 1;
    if (trace.endedAtZero && budget > 0) this.endedAtZero += 1;
    if (trace.excludeUsed) this.excludeUsed += 1;
    for (const relation of trace.reached) this.relations.set(relation, this.relations.get(relation)! + 1);
  }

  /** Prints the counts and checks that the generator reached each case at least as often as `least` says. */
  check(property: string, least: Minimums): void {
    const relations = [...this.relations].map(([relation, runs]) => `${relation} ${runs}`).join(', ');
    console.log(
      `${property}: ${this.runs} runs; non-empty ${this.nonEmpty}, NoteNotFound ${this.noteNotFound}, ` +
        `duplicates recorded ${this.duplicatesRecorded}, skipped something ${this.skipped}, ` +
        `ended at remaining 0 ${this.endedAtZero}, exclude used ${this.excludeUsed}; reached: ${relations}`,
    );
    expect(this.nonEmpty, 'non-empty').toBeGreaterThanOrEqual(least.nonEmpty);
    expect(this.duplicatesRecorded, 'duplicates recorded').toBeGreaterThanOrEqual(least.duplicatesRecorded);
    expect(this.skipped, 'skipped something').toBeGreaterThanOrEqual(least.skipped ?? 0);
    expect(this.endedAtZero, 'ended at remaining 0').toBeGreaterThanOrEqual(least.endedAtZero ?? 0);
    expect(this.excludeUsed, 'exclude used').toBeGreaterThanOrEqual(least.excludeUsed);
    const reached = [...this.relations.values()].filter((runs) => runs > 0).length;
    expect(reached, `relations reached: ${relations}`).toBeGreaterThanOrEqual(least.relations);
  }
}

/**
 * The least each generator reaches (about a third of what it does; the rarest relations are met
 * a few times in 300 runs, so only how many relations were reached is checked).
 */
interface Minimums {
  readonly nonEmpty: number;
  readonly duplicatesRecorded: number;
  readonly skipped?: number;
  readonly endedAtZero?: number;
  readonly excludeUsed: number;
  /** Of the 16 relations. */
  readonly relations: number;
}

const OF_300: Minimums = { nonEmpty: 200, duplicatesRecorded: 60, excludeUsed: 70, relations: 14 };
const OF_300_PRICED: Minimums = { ...OF_300, skipped: 50, endedAtZero: 50 };
const OF_60: Minimums = { nonEmpty: 25, duplicatesRecorded: 8, skipped: 25, excludeUsed: 8, relations: 10 };

function buildOptionsOf({ options }: ReferenceScenario): BuildOptions {
  return {
    focus: options.focus,
    budget: options.budget,
    tokenizer: options.tokenizer,
    ...(options.truncate !== undefined && { truncate: options.truncate }),
    ...(options.readableNotebooks && { readableNotebooks: options.readableNotebooks }),
    ...(options.exclude && { exclude: options.exclude }),
    ...(options.format !== undefined && { format: options.format }),
  };
}

/** Corrupt data must never hang a build. */
function withTimeout<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`build did not finish in ${ms} ms`)), ms).unref()),
  ]);
}

/**
 * `default`: as callers build; `exhaustive`: walking every candidate, without the shortcuts;
 * `plain`: as callers build, over a store that implements only the required port.
 */
type Mode = 'default' | 'exhaustive' | 'plain';

/** Builds with the library in each mode and compares result JSON, tokens used and first 10 skips. */
async function compareWithReference(scenario: ReferenceScenario, coverage: Coverage, modes: readonly Mode[]) {
  const expected = referenceBuild(scenario.fixture, scenario.options);
  coverage.count(expected, scenario.options.budget);
  const options = buildOptionsOf(scenario);
  for (const mode of modes) {
    const store = mode === 'plain' ? new PlainNoteStore(scenario.fixture) : new MemoryNoteStore(scenario.fixture);
    const built = withTimeout(build(store, resolveBuildOptions(options), mode === 'exhaustive' ? noShortcuts : takeShortcuts));
    if (expected === 'NoteNotFound') {
      await expect(built).rejects.toBeInstanceOf(NoteNotFound);
      continue;
    }
    const { result, report } = await built;
    expect(renderJson(result), mode).toBe(renderJson(expected.result));
    expect(report.used, mode).toBe(expected.used);
    expect(report.skipped.slice(0, 10), mode).toEqual(expected.skipped);
  }
}

function initialOf(result: GraphRAGResult): GraphRAGResult {
  return { focusNote: { ...result.focusNote, children: [], referrings: [], priorSiblings: [], youngerSiblings: [] }, relatedNotes: [] };
}

describe('buildContext matches the independent reference implementation of spec sections 1–5', () => {
  it('one-per-note, as callers build and walking every candidate (300 runs)', async () => {
    const coverage = new Coverage();
    await fc.assert(
      fc.asyncProperty(referenceScenario(['one-per-note']), (scenario) => compareWithReference(scenario, coverage, ['default', 'exhaustive', 'plain'])),
      { numRuns: 300 },
    );
    coverage.check('one-per-note', { ...OF_300, endedAtZero: 100 });
  });

  it('estimate, walking every candidate (300 runs)', async () => {
    const coverage = new Coverage();
    await fc.assert(
      fc.asyncProperty(referenceScenario(['estimate']), (scenario) => compareWithReference(scenario, coverage, ['exhaustive'])),
      { numRuns: 300 },
    );
    coverage.check('estimate', OF_300_PRICED);
  });

  it('estimate, as callers build (300 runs)', async () => {
    const coverage = new Coverage();
    await fc.assert(
      fc.asyncProperty(referenceScenario(['estimate']), (scenario) => compareWithReference(scenario, coverage, ['default', 'plain'])),
      { numRuns: 300 },
    );
    coverage.check('estimate, shortcuts taken', OF_300_PRICED);
  });

  for (const tokenizer of ['o200k', 'cl100k'] as const) {
    for (const format of ['json', 'prompt'] as const) {
      it(`${tokenizer} priced for ${format}, as callers build and walking every candidate (60 runs)`, async () => {
        const coverage = new Coverage();
        await fc.assert(
          fc.asyncProperty(
            referenceScenario([tokenizer]).map((scenario) => ({ ...scenario, options: { ...scenario.options, format } })),
            (scenario) => compareWithReference(scenario, coverage, ['default', 'exhaustive', 'plain']),
          ),
          { numRuns: 60 },
        );
        coverage.check(`${tokenizer}/${format}`, OF_60);
      });
    }
  }
});

describe('the reference itself', () => {
  it('o200k and cl100k: used is exactly what the related notes and entries add to the output, within the budget (40 runs)', () => {
    const coverage = new Coverage();
    const counters = { o200k: countO200k, cl100k: countCl100k };
    fc.assert(
      fc.property(referenceScenario(['o200k', 'cl100k']), (scenario) => {
        const outcome = referenceBuild(scenario.fixture, scenario.options);
        coverage.count(outcome, scenario.options.budget);
        if (outcome === 'NoteNotFound') return;
        const render = scenario.options.format === 'prompt' ? renderPrompt : renderJson;
        const count = (result: GraphRAGResult) =>
          counters[scenario.options.tokenizer as 'o200k' | 'cl100k'](render(result), { disallowedSpecial: new Set() });
        expect(outcome.used).toBe(count(outcome.result) - count(initialOf(outcome.result)));
        expect(outcome.used).toBeLessThanOrEqual(scenario.options.budget);
      }),
      { numRuns: 40 },
    );
    coverage.check('reference o200k/cl100k', { nonEmpty: 15, duplicatesRecorded: 5, skipped: 15, excludeUsed: 8, relations: 8 });
  });
});
