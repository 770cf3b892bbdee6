import { BudgetLedger } from './budget/budget-ledger.js';
import { costModelFor } from './budget/cost-model.js';
import { loadTokenizer, type Tokenizer } from './budget/tokenizer.js';
import { resolveBuildOptions, type BuildOptions, type ResolvedBuildOptions } from './build-options.js';
import { Deadline } from './deadline.js';
import { NoteNotFound, shown, ValidationError } from './errors.js';
import type { BuildReport } from './iterator/build-report.js';
import { runIteration } from './iterator/run-iteration.js';
import { WalkReport } from './iterator/walk-report.js';
import type { NoteRecord } from './model/note-record.js';
import { ResultBuilder } from './result/result-builder.js';
import { render } from './result/render.js';
import type { GraphRAGResult } from './result/schema.js';
import { exactPricing, type NotePricing } from './budget/note-pricing.js';
import type { Shortcut } from './shortcuts/shortcut.js';
import { takeShortcuts } from './shortcuts/take-shortcuts.js';
import type { WalkState } from './shortcuts/walk-state.js';
import { createStrategies, type ReadingCursor } from './strategies/create-strategies.js';
import { startFirstReads } from './shortcuts/start-first-reads.js';
import { NoteLoader } from './strategies/note-loader.js';
import { readWholePage, type PageReading } from './strategies/page-reading.js';
import { parentOf } from './strategies/parent-of.js';
import { walkParentChain } from './strategies/walk-parent-chain.js';
import type { NoteReader, NoteStore } from './store/note-store.js';

export interface BuildOutcome {
  readonly result: GraphRAGResult;
  readonly report: BuildReport;
}

/**
 * Builds the context of one focus note within a token budget (spec sections 2–5).
 * The store and the options are validated before anything is read; every failure, a bad option
 * included, is a rejection (never a synchronous throw); a missing, deleted or unreadable focus
 * note is a `NoteNotFound`.
 */
export async function buildContext(store: NoteStore, options: BuildOptions): Promise<BuildOutcome> {
  if (typeof (store as Partial<NoteStore> | null)?.openReader !== 'function') {
    throw new ValidationError('store', `expected a NoteStore (an object with openReader), got ${shown(store)}`);
  }
  return build(store, resolveBuildOptions(options), takeShortcuts);
}

/**
 * The build, with the shortcuts it takes given: `takeShortcuts` for every caller, and
 * `noShortcuts` for the tests that check the shortcuts change nothing.
 */
export async function build(
  store: NoteStore,
  options: ResolvedBuildOptions,
  shortcutsFor: (state: WalkState) => readonly Shortcut[],
): Promise<BuildOutcome> {
  const deadline = new Deadline(options.timeoutMs, options.signal);
  try {
    const tokenizer = await deadline.race(loadTokenizer(options.tokenizer));
    const opening = store.openReader(
      { detailsLimit: options.truncate, ...(options.readableNotebooks && { readableNotebooks: new Set(options.readableNotebooks) }) },
      deadline.signal,
    );
    const reader = await deadline.race(opening).catch((error: unknown) => {
      // A reader that opens after the deadline is closed at once.
      void opening.then((late) => late.close(), () => {});
      throw error;
    });
    try {
      return await walk(reader, tokenizer, options, shortcutsFor, deadline);
    } finally {
      await reader.close();
    }
  } finally {
    deadline.clear();
  }
}

async function walk(
  reader: NoteReader,
  tokenizer: Tokenizer,
  options: ResolvedBuildOptions,
  shortcutsFor: (state: WalkState) => readonly Shortcut[],
  deadline: Deadline,
): Promise<BuildOutcome> {
  // The loader reads as the shortcuts say, once they exist: the focus note is read before.
  let readPage: PageReading = readWholePage;
  let warmDependents = false;
  const loader = new NoteLoader(deadline.guardReader(reader), {
    readPage: (request, load) => readPage(request, load),
    get warmDependents() {
      return warmDependents;
    },
  });
  const reading = Promise.all([
    loader.note(options.focus, true),
    loader.ancestors(options.focus),
    Promise.all(options.exclude.map((id) => loader.note(id))),
  ]);
  startFirstReads(options.focus, loader, reader.capabilities ?? {});
  const [focus, focusAncestors, excluded] = await deadline.race(reading);
  if (!focus) throw new NoteNotFound(options.focus);

  const ancestors = walkParentChain(focus, focusAncestors);
  const result = new ResultBuilder(focus, [...ancestors].reverse());
  const focusCost = tokenizer.count(render(result.result(), options.format));
  const ledger = new BudgetLedger(options.budget);
  const alreadyReturned = excluded.filter((note): note is NoteRecord => note !== undefined && note.id !== focus.id);
  for (const note of alreadyReturned) ledger.markReturned(note.id);
  const costs = costModelFor(tokenizer, options.format);
  const report = new WalkReport();
  const shortcuts = shortcutsFor({
    focus,
    parent: parentOf(focus, ancestors),
    excluded: alreadyReturned,
    ledger,
    result,
    report,
    costs,
    detailsLimit: options.truncate,
    capabilities: reader.capabilities ?? {},
  });
  readPage = shortcuts.reduce((inner, shortcut) => shortcut.readPage?.(inner) ?? inner, readWholePage);
  warmDependents = shortcuts.some((shortcut) => shortcut.warmsDependents);
  const pricing = shortcuts.reduce<NotePricing>((inner, shortcut) => shortcut.pricing?.(inner) ?? inner, exactPricing(costs, options.truncate));
  const cursor = shortcuts.reduce<ReadingCursor>((inner, shortcut) => (shortcut.cursor ? (made) => shortcut.cursor!(inner(made)) : inner), (made) => made);
  const strategies = shortcuts.reduce((inner, shortcut) => shortcut.strategies?.(inner) ?? inner, deadline.guard(createStrategies({ focus, ancestors }, loader, cursor)));

  await runIteration({ focus, strategies, ledger, pricing, result, report, detailsLimit: options.truncate });

  return {
    result: result.result(),
    report: {
      tokenizer: tokenizer.name,
      format: options.format,
      budget: ledger.budget,
      used: ledger.used,
      left: ledger.remaining,
      focusCost,
      skipped: report.skipped,
      skippedCount: report.skippedCount,
      candidatesConsidered: report.candidatesConsidered,
      endedEarly: report.endedEarly,
      roundTrips: reader.roundTrips,
    },
  };
}
