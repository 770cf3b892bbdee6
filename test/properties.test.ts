import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build, buildContext, type BuildOutcome } from '../src/build-context.js';
import { noShortcuts } from '../src/shortcuts/take-shortcuts.js';
import { resolveBuildOptions } from '../src/build-options.js';
import type { BuildOptions } from '../src/build-options.js';
import { loadTokenizer, type TokenizerName } from '../src/budget/tokenizer.js';
import type { RelatedRelation } from '../src/relationships/relation.js';
import { renderJson } from '../src/result/render-json.js';
import { render, type OutputFormat } from '../src/result/render.js';
import { GraphRAGResultSchema, type AnyResult, type GraphRAGResult } from '../src/result/graph-rag-result-schema.js';
import { NoteNotFound } from '../src/note-context-error.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { Fixture } from '../src/store/memory/fixture.js';
import { observedShortcuts, type ShortcutsSeen } from './support/observed-shortcuts.js';
import { recording, type Recording } from './support/recording-store.js';
import { notebookWithHub, randomNotebook, readableNotebooks } from './support/random-notebook.js';
import { RelationOracle } from './support/relation-oracle.js';

/** A random notebook, a focus id drawn from it, a budget and a readable-notebooks choice. */
const scenario = (maxBudget: number) =>
  randomNotebook().chain((fixture) =>
    fc.record({
      fixture: fc.constant(fixture),
      focus: fc.integer({ min: 1, max: fixture.notes.length }),
      budget: fc.integer({ min: 0, max: maxBudget }),
      readable: readableNotebooks,
      truncate: fc.constantFrom(0, 5, 1000),
    }),
  );

type Scenario = { fixture: Fixture; focus: number; budget: number; readable: number[] | undefined; truncate: number };

/** Builds, or answers `undefined` when the focus note is invisible (which must be NoteNotFound). */
async function tryBuild(s: Scenario, tokenizer: TokenizerName, extra: Partial<BuildOptions> = {}, exhaustive = false) {
  const options: BuildOptions = {
    focus: s.focus,
    budget: s.budget,
    tokenizer,
    truncate: s.truncate,
    ...(s.readable && { readableNotebooks: s.readable }),
    ...extra,
  };
  const oracle = new RelationOracle(s.fixture, s.readable && new Set(s.readable));
  const store = new MemoryNoteStore(s.fixture);
  const built = withTimeout(exhaustive ? build(store, resolveBuildOptions(options), noShortcuts) : buildContext(store, options));
  if (!oracle.visible(s.focus)) {
    await expect(built).rejects.toBeInstanceOf(NoteNotFound);
    return undefined;
  }
  return { outcome: await built, oracle };
}

/** Corrupt data must never hang a build. */
function withTimeout<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`build did not finish in ${ms} ms`)), ms).unref()),
  ]);
}

function initialOf(result: GraphRAGResult): GraphRAGResult {
  return {
    focusNote: { ...result.focusNote, children: [], referrings: [], priorSiblings: [], youngerSiblings: [] },
    relatedNotes: [],
  };
}

const idOf = (uriAndTitle: string) => Number(/\(\/n(\d+)\)$/.exec(uriAndTitle)![1]);

/** Every note link anywhere in a result. */
function allLinks(result: GraphRAGResult): string[] {
  const focus = result.focusNote;
  return [
    focus.uriAndTitle,
    ...[focus.parentUriAndTitle, focus.objectUriAndTitle].filter((link): link is string => link !== undefined),
    ...focus.contextualPath,
    ...focus.children,
    ...focus.referrings,
    ...focus.priorSiblings,
    ...focus.youngerSiblings,
    ...result.relatedNotes.flatMap((note) =>
      [note.uriAndTitle, note.parentUriAndTitle, note.objectUriAndTitle].filter((link): link is string => link !== undefined),
    ),
  ];
}

describe('properties of every build (fast-check, random notebooks including corrupt ones)', () => {
  for (const [tokenizer, runs] of [['estimate', 300], ['o200k', 150], ['cl100k', 60]] as const) {
    it(`the budget guarantee holds on the real output of the format priced for (${tokenizer}, ${runs} runs)`, async () => {
      const count = (await loadTokenizer(tokenizer)).count;
      await fc.assert(
        fc.asyncProperty(scenario(1500), fc.constantFrom<OutputFormat>('json', 'prompt'), async (s, format) => {
          const built = await tryBuild(s, tokenizer, { format });
          if (!built) return;
          const { result, report } = built.outcome;
          const initial = initialOf(result);
          expect(count(render(result, format))).toBeLessThanOrEqual(count(render(initial, format)) + s.budget);
          expect(report.used).toBeLessThanOrEqual(s.budget);
          // Spec section 5: `estimate` prices the focus note's compact JSON, whatever the format.
          const focusCost = tokenizer === 'estimate' ? Math.ceil(Buffer.byteLength(JSON.stringify(initial.focusNote)) / 3.75) : count(render(initial, format));
          expect(report.focusCost).toBe(focusCost);
        }),
        { numRuns: runs },
      );
    });
  }

  it('no duplicates; the focus note is never related and its details are intact; the result validates (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(3000), async (s) => {
        const built = await tryBuild(s, 'estimate');
        if (!built) return;
        const { result } = built.outcome;
        const ids = result.relatedNotes.map((note) => idOf(note.uriAndTitle));
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).not.toContain(s.focus);
        const focusData = s.fixture.notes.find((note) => note.id === s.focus)!;
        expect(result.focusNote.details).toBe(focusData.details || undefined);
        expect(GraphRAGResultSchema.parse(JSON.parse(renderJson(result)))).toEqual(result);
        for (const list of ['children', 'priorSiblings', 'youngerSiblings', 'referrings'] as const) {
          expect(new Set(result.focusNote[list]).size).toBe(result.focusNote[list].length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every related note truly has its claimed relation; an unlimited build reaches exactly the related notes (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(0), async (s) => {
        const built = await tryBuild(s, 'one-per-note', { budget: 1_000_000 });
        if (!built) return;
        const { result } = built.outcome;
        const { oracle } = built;
        for (const note of result.relatedNotes) {
          const relation = note.relationToFocusNote as RelatedRelation;
          expect(oracle.related(s.focus, relation).has(idOf(note.uriAndTitle)), `${relation} ${note.uriAndTitle}`).toBe(true);
        }
        expect(new Set(result.relatedNotes.map((note) => idOf(note.uriAndTitle)))).toEqual(oracle.reachable(s.focus));
        const focusNote = oracle.visible(s.focus)!;
        expect(new Set(idsIn(result.focusNote.children))).toEqual(new Set(oracle.children(focusNote).map((n) => n.id).filter((id) => id !== s.focus)));
        expect(new Set(idsIn(result.focusNote.referrings))).toEqual(new Set(oracle.referrings(focusNote).map((n) => n.id).filter((id) => id !== s.focus)));
      }),
      { numRuns: 300 },
    );
  });

  it('under one-per-note a budget of n gives min(n, reachable) notes (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(40), async (s) => {
        const built = await tryBuild(s, 'one-per-note');
        if (!built) return;
        expect(built.outcome.result.relatedNotes.length).toBe(Math.min(s.budget, built.oracle.reachable(s.focus).size));
      }),
      { numRuns: 300 },
    );
  });

  it('no note of an unreadable notebook, and no deleted note, appears anywhere (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(3000), async (s) => {
        const built = await tryBuild(s, 'estimate');
        if (!built) return;
        for (const link of allLinks(built.outcome.result)) {
          expect(built.oracle.visible(idOf(link)), link).toBeDefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  // Over a store read in batches (as MySQL is) and over one read at once (the memory store).
  it.each([
    { reads: 'in batches', atOnce: false },
    { reads: 'at once', atOnce: true },
  ])('stepping over candidates that cannot fit gives exactly what walking every candidate gives, around hubs, read $reads (200 runs)', async ({ reads, atOnce }) => {
    const reached = new Reached();
    await fc.assert(
      fc.asyncProperty(
        notebookWithHub(),
        fc.constantFrom<TokenizerName>('estimate', 'o200k'),
        fc.oneof(fc.integer({ min: 50, max: 400 }), fc.integer({ min: 50, max: 1500 })),
        fc.nat(),
        async ({ fixture, hub, referred }, tokenizer, budget, pick) => {
          const { store, seen } = recording(new MemoryNoteStore(fixture), { atOnce });
          const around = [hub, referred, fixture.notes[fixture.notes.length - 1 - (pick % 30)]!.id];
          for (const focus of around) {
            const options = { focus, budget, tokenizer };
            seen.filteredPages = 0;
            seen.leftOut = 0;
            const shortcuts = observedShortcuts();
            const outcome = await build(store, resolveBuildOptions(options), shortcuts.plan).catch((error: Error) => error.name);
            if (typeof outcome !== 'string') reached.record(outcome, seen, shortcuts.seen);
            const fast = typeof outcome === 'string' ? outcome : comparable(outcome);
            const slow = await build(store, resolveBuildOptions(options), noShortcuts).then(comparable, (error: Error) => error.name);
            expect(fast).toEqual(slow);
          }
        },
      ),
      { numRuns: 200 },
    );
    console.log(`around hubs, read ${reads}: ${reached}`);
    // About half of what the default seed reaches in 527 builds: 174 (in batches) and 255 (at once)
    // with pages filtered, 173 and 250 with notes stepped over, 229 ended early, 314 with skips
    // unlisted, 61 with children listed as duplicates, 309-313 with notes priced out by the cost
    // floor, 348 (in batches) reading a page ahead.
    expect(reached.filteredPages).toBeGreaterThanOrEqual(85);
    expect(reached.leftOut).toBeGreaterThanOrEqual(85);
    expect(reached.endedEarly).toBeGreaterThanOrEqual(110);
    expect(reached.unlistedSkips).toBeGreaterThanOrEqual(150);
    expect(reached.duplicatesListed).toBeGreaterThanOrEqual(30);
    expect(reached.floored).toBeGreaterThanOrEqual(150);
    // A reader that answers at once has no round trips to save: only one read in batches reads ahead.
    expect(reached.readAhead).toBeGreaterThanOrEqual(atOnce ? 0 : 170);
  });

  it('with fit: shorten, the shortcuts it takes (cost floors, early stop) give exactly what walking every candidate gives, around hubs (250 runs)', async () => {
    const reached = { builds: 0, shortened: 0, shortenedWithListFull: 0, endedEarly: 0, unlistedSkips: 0, floored: 0 };
    await fc.assert(
      fc.asyncProperty(
        notebookWithHub(),
        fc.constantFrom<TokenizerName>('estimate', 'o200k', 'cl100k'),
        fc.integer({ min: 30, max: 300 }),
        fc.integer({ min: 20, max: 300 }),
        async ({ fixture: drawn, hub, referred }, tokenizer, budget, truncate) => {
          // Details long enough that many notes over the budget fit shortened.
          const fixture = { ...drawn, notes: drawn.notes.map((note) => ({ ...note, details: `${note.details ?? ''}${' a note'.repeat(5 + (note.id % 37))}` })) };
          const store = new MemoryNoteStore(fixture);
          for (const focus of [hub, referred]) {
            const options = { focus, budget, tokenizer, truncate, fit: 'shorten' as const };
            const shortcuts = observedShortcuts();
            const fast = await build(store, resolveBuildOptions(options), shortcuts.plan).catch((error: Error) => error.name);
            const slow = await build(store, resolveBuildOptions(options), noShortcuts).then(comparable, (error: Error) => error.name);
            expect(typeof fast === 'string' ? fast : comparable(fast)).toEqual(slow);
            if (typeof fast === 'string') continue;
            reached.builds++;
            if (fast.report.added.some((piece) => piece.shortened)) reached.shortened++;
            if (shortcuts.seen.floored > 0) reached.floored++;
            // The floors price notes only once the list of skipped notes is full.
            if (fast.report.skippedCount > fast.report.skipped.length && fast.report.added.some((piece) => piece.shortened)) reached.shortenedWithListFull++;
            if (fast.report.endedEarly) reached.endedEarly++;
            if (fast.report.skippedCount > fast.report.skipped.length) reached.unlistedSkips++;
          }
        },
      ),
      { numRuns: 250 },
    );
    console.log(`shorten around hubs: ${JSON.stringify(reached)}`);
    // About half of what the default seed reaches in 412 builds: 153 with skips unlisted, 18
    // shortened once the list is full (at most one note per build is, it leaves little), 80 ended
    // early, 196 with a note shortened, 315 with notes or tries priced out by the cost floor.
    expect(reached.unlistedSkips).toBeGreaterThanOrEqual(75);
    expect(reached.shortenedWithListFull).toBeGreaterThanOrEqual(9);
    expect(reached.endedEarly).toBeGreaterThanOrEqual(40);
    expect(reached.shortened).toBeGreaterThanOrEqual(98);
    expect(reached.floored).toBeGreaterThanOrEqual(155);
  });

  it.each([
    { reads: 'in batches', atOnce: false },
    { reads: 'at once', atOnce: true },
  ])('several foci: the shortcuts a list of foci takes (stepping over, reading ahead) give exactly what walking every candidate gives, around hubs, read $reads (150 runs)', async ({ atOnce }) => {
    const reached = { builds: 0, unlistedSkips: 0, filteredPages: 0, leftOut: 0, prompts: 0, readAhead: 0 };
    await fc.assert(
      fc.asyncProperty(
        notebookWithHub(),
        fc.constantFrom<TokenizerName>('estimate', 'o200k', 'cl100k'),
        fc.constantFrom<OutputFormat>('json', 'prompt'),
        fc.oneof(fc.integer({ min: 30, max: 400 }), fc.integer({ min: 30, max: 1500 })),
        fc.nat(),
        async ({ fixture, hub, referred }, tokenizer, format, budget, pick) => {
          const { store, seen } = recording(new MemoryNoteStore(fixture), { atOnce });
          const other = fixture.notes[fixture.notes.length - 1 - (pick % 30)]!.id;
          const options = { focus: [...new Set([hub, referred, other])], budget, tokenizer, format };
          seen.filteredPages = 0;
          seen.leftOut = 0;
          const shortcuts = observedShortcuts();
          const fast = await build(store, resolveBuildOptions(options), shortcuts.plan).catch((error: Error) => error.name);
          const counted = { filteredPages: seen.filteredPages, leftOut: seen.leftOut };
          const slow = await build(store, resolveBuildOptions(options), noShortcuts).then(comparable, (error: Error) => error.name);
          expect(typeof fast === 'string' ? fast : comparable(fast)).toEqual(slow);
          if (typeof fast === 'string') return;
          reached.builds++;
          if (fast.report.skippedCount > fast.report.skipped.length) reached.unlistedSkips++;
          if (counted.filteredPages > 0) reached.filteredPages++;
          if (counted.leftOut > 0) reached.leftOut++;
          if (format === 'prompt') reached.prompts++;
          if (shortcuts.seen.readAhead > 0) reached.readAhead++;
        },
      ),
      { numRuns: 150 },
    );
    console.log(`several foci around hubs: ${JSON.stringify(reached)}`);
    // About half of what the default seed reaches in 106 builds: 99 with skips unlisted, 94-97 with
    // pages filtered and notes stepped over, 98 (in batches) reading a page ahead.
    expect(reached.unlistedSkips).toBeGreaterThanOrEqual(50);
    expect(reached.filteredPages).toBeGreaterThanOrEqual(47);
    expect(reached.leftOut).toBeGreaterThanOrEqual(47);
    expect(reached.readAhead).toBeGreaterThanOrEqual(atOnce ? 0 : 49);
  });

  it('ending a starved build early gives exactly what walking every candidate gives (600 runs)', async () => {
    const reached = new Reached();
    await fc.assert(
      fc.asyncProperty(scenario(600), fc.constantFrom<TokenizerName>('estimate', 'o200k'), async (s, tokenizer) => {
        const fast = await tryBuild(s, tokenizer);
        if (!fast) return;
        const slow = await tryBuild(s, tokenizer, {}, true);
        expect(comparable(fast.outcome)).toEqual(comparable(slow!.outcome));
        reached.record(fast.outcome);
      }),
      { numRuns: 600 },
    );
    console.log(`random notebooks: ${reached}`);
    // Few random builds starve: with the default seed, 441 builds, 5 of them ended early, 15 with
    // children listed as duplicates; about half of each is asserted.
    expect(reached.builds).toBeGreaterThanOrEqual(220);
    expect(reached.endedEarly).toBeGreaterThanOrEqual(2);
    expect(reached.duplicatesListed).toBeGreaterThanOrEqual(7);
  });
});

/** What must not depend on the shortcuts: the result, what was spent, the list of skipped notes and the ledger. */
function comparable({ result, report }: BuildOutcome<AnyResult>) {
  return { json: renderJson(result), used: report.used, skipped: report.skipped, added: report.added };
}

/** Counts how often the shortcuts' interesting branches were reached. */
class Reached {
  builds = 0;
  endedEarly = 0;
  unlistedSkips = 0;
  filteredPages = 0;
  leftOut = 0;
  duplicatesListed = 0;
  floored = 0;
  readAhead = 0;
  record({ result, report }: BuildOutcome, seen?: Recording, shortcuts?: ShortcutsSeen): void {
    this.builds++;
    if (report.endedEarly) this.endedEarly++;
    if (report.skippedCount > report.skipped.length) this.unlistedSkips++;
    if (seen && seen.filteredPages > 0) this.filteredPages++;
    if (seen && seen.leftOut > 0) this.leftOut++;
    if (shortcuts && shortcuts.floored > 0) this.floored++;
    if (shortcuts && shortcuts.readAhead > 0) this.readAhead++;
    const children = result.relatedNotes.filter((note) => note.relationToFocusNote === 'Child').length;
    if (result.focusNote.children.length > children) this.duplicatesListed++;
  }
  toString(): string {
    return `${this.builds} builds: ended early ${this.endedEarly}, skips counted unlisted ${this.unlistedSkips}, tight phase (filtered pages) ${this.filteredPages}, notes stepped over ${this.leftOut}, children listed as duplicates ${this.duplicatesListed}, priced out by the cost floor ${this.floored}, pages read ahead ${this.readAhead}`;
  }
}

function idsIn(entries: readonly string[]): number[] {
  return entries.map(idOf);
}
