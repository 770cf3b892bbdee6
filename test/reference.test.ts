import fc from 'fast-check';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { build } from '../src/build-context.js';
import { resolveBuildOptions } from '../src/build-options.js';
import { noShortcuts, takeShortcuts } from '../src/shortcuts/take-shortcuts.js';
import type { BuildOptions } from '../src/build-options.js';
import { NoteNotFound } from '../src/note-context-error.js';
import { renderJson } from '../src/result/render-json.js';
import { renderPrompt } from '../src/result/render-prompt.js';
import type { GraphRAGResult } from '../src/result/graph-rag-result-schema.js';
import type { BuildReport } from '../src/iterator/build-report.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { REFERENCE_RELATIONS, referenceBuild, type GraphRelation, type ReferenceOutcome } from './support/reference-build.js';
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
  /** Runs whose library build added a note of each relation, read from its report's ledger. */
  readonly added = new Map<string, number>(REFERENCE_RELATIONS.map((relation) => [relation, 0]));

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

  /** Counts the relations of the notes a library build added, from its ledger (once per run). */
  countAdded(report: BuildReport): void {
    for (const relation of new Set(report.added.filter((piece) => piece.kind === 'note').map((piece) => piece.relation))) {
      this.added.set(relation, this.added.get(relation)! + 1);
    }
  }

  /** Prints the counts and checks that the generator reached each case at least as often as `least` says. */
  check(property: string, least: Minimums): void {
    const relations = [...this.relations].map(([relation, runs]) => `${relation} ${runs}`).join(', ');
    console.log(
      `${property}: ${this.runs} runs; non-empty ${this.nonEmpty}, NoteNotFound ${this.noteNotFound}, ` +
        `duplicates recorded ${this.duplicatesRecorded}, skipped something ${this.skipped}, ` +
        `ended at remaining 0 ${this.endedAtZero}, exclude used ${this.excludeUsed}; reached: ${relations}; ` +
        `added by the library: ${[...this.added].map(([relation, runs]) => `${relation} ${runs}`).join(', ')}`,
    );
    expect(this.nonEmpty, 'non-empty').toBeGreaterThanOrEqual(least.nonEmpty);
    expect(this.duplicatesRecorded, 'duplicates recorded').toBeGreaterThanOrEqual(least.duplicatesRecorded);
    expect(this.skipped, 'skipped something').toBeGreaterThanOrEqual(least.skipped ?? 0);
    expect(this.endedAtZero, 'ended at remaining 0').toBeGreaterThanOrEqual(least.endedAtZero ?? 0);
    expect(this.excludeUsed, 'exclude used').toBeGreaterThanOrEqual(least.excludeUsed);
    const reached = [...this.relations.values()].filter((runs) => runs > 0).length;
    expect(reached, `relations reached: ${relations}`).toBeGreaterThanOrEqual(least.relations);
    for (const relation of REFERENCE_RELATIONS) {
      expect(this.added.get(relation), `runs whose build added a ${relation} note`).toBeGreaterThanOrEqual(least.added?.[relation] ?? 0);
    }
  }
}

/**
 * The least each generator reaches (about a third of what it does with the default seed), and, for
 * each relation, about half the runs whose library build added a note of it with that seed.
 */
interface Minimums {
  readonly nonEmpty: number;
  readonly duplicatesRecorded: number;
  readonly skipped?: number;
  readonly endedAtZero?: number;
  readonly excludeUsed: number;
  /** Of the 16 relations. */
  readonly relations: number;
  /** Per relation, the runs whose library build added a note of it (its report's ledger). */
  readonly added?: Readonly<Record<GraphRelation, number>>;
}

/** Half of each count, rounded down: what a minimum asserts of a count the default seed reaches. */
const halfOf = (reached: Record<GraphRelation, number>) =>
  Object.fromEntries(Object.entries(reached).map(([relation, runs]) => [relation, Math.floor(runs / 2)])) as Record<GraphRelation, number>;

/**
 * Runs (of 300) whose build added a note of each relation, with the default seed: every one of
 * the sixteen is met, the object's parent's siblings and their children least often.
 */
const ADDED_OF_300_ONE_PER_NOTE = {
  Parent: 149, Object: 52, Child: 83, PriorSibling: 82, YoungerSibling: 80, ReferringNote: 77, NoteInContextualPath: 78, NoteInObjectContextualPath: 22,
  ParentSibling: 54, ObjectParentSibling: 9, ReifiedChildObject: 24, ReferringSubject: 35,
  ParentSiblingChild: 33, ObjectParentSiblingChild: 10, NoteInReferringContextualPath: 18, ReferringCousin: 31,
};
const ADDED_OF_300_ESTIMATE = {
  Parent: 147, Object: 50, Child: 79, PriorSibling: 74, YoungerSibling: 70, ReferringNote: 67, NoteInContextualPath: 76, NoteInObjectContextualPath: 20,
  ParentSibling: 48, ObjectParentSibling: 9, ReifiedChildObject: 21, ReferringSubject: 31,
  ParentSiblingChild: 25, ObjectParentSiblingChild: 9, NoteInReferringContextualPath: 18, ReferringCousin: 26,
};
/**
 * The fewest over the four o200k/cl100k properties (60 runs each, smaller budgets in tokens): the
 * rarest relations are met once or not at all there, and are held by the 300-run properties above.
 */
const ADDED_OF_60_BPE = {
  Parent: 26, Object: 7, Child: 12, PriorSibling: 9, YoungerSibling: 8, ReferringNote: 8, NoteInContextualPath: 14, NoteInObjectContextualPath: 1,
  ParentSibling: 8, ObjectParentSibling: 0, ReifiedChildObject: 2, ReferringSubject: 5,
  ParentSiblingChild: 3, ObjectParentSiblingChild: 1, NoteInReferringContextualPath: 1, ReferringCousin: 1,
};

const OF_300: Minimums = { nonEmpty: 200, duplicatesRecorded: 60, excludeUsed: 70, relations: 14 };
const OF_300_PRICED: Minimums = { ...OF_300, skipped: 50, endedAtZero: 50, added: halfOf(ADDED_OF_300_ESTIMATE) };
const OF_60: Minimums = { nonEmpty: 25, duplicatesRecorded: 8, skipped: 25, excludeUsed: 8, relations: 10, added: halfOf(ADDED_OF_60_BPE) };

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
    if (mode === modes[0]) coverage.countAdded(report);
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
    coverage.check('one-per-note', { ...OF_300, endedAtZero: 100, added: halfOf(ADDED_OF_300_ONE_PER_NOTE) });
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
