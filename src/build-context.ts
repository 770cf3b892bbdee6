import { BudgetLedger } from './budget/budget-ledger.js';
import { costModelFor } from './budget/cost-model.js';
import { estimateTokens, loadTokenizer, type Tokenizer } from './budget/tokenizer.js';
import { resolveBuildOptions, type AnyBuildOptions, type BuildOptions, type MultiFocusBuildOptions, type ResolvedBuildOptions } from './build-options.js';
import { Deadline } from './deadline.js';
import { WalkPace } from './iterator/walk-pace.js';
export type { BuildOutcome } from './iterator/build-outcome.js';
import { NoteNotFound, shown, ValidationError } from './note-context-error.js';
import type { BuildOutcome } from './iterator/build-outcome.js';
import { runIteration } from './iterator/run-iteration.js';
import { WalkReport } from './iterator/walk-report.js';
import type { NoteId, NoteRecord } from './model/note-record.js';
import { ResultBuilder } from './result/result-builder.js';
import { render } from './result/render.js';
import { uriOf } from './model/uri-of.js';
import { LINK_RELATIONS, TREE_RELATIONS } from './relationships/relation.js';
import type { AnyResult, GraphRAGResult, MultiFocusResult } from './result/graph-rag-result-schema.js';
import { exactPricing, type NotePricing } from './budget/note-pricing.js';
import { takeShortcuts, type ShortcutPlan } from './shortcuts/take-shortcuts.js';
import { BY_PAGE, createStrategies, type StrategyReading } from './strategies/create-strategies.js';
import { NoteLoader } from './strategies/note-loader.js';
import { parentOf } from './strategies/parent-of.js';
import { walkParentChain } from './strategies/walk-parent-chain.js';
import type { NoteReader, NoteStore } from './store/note-store.js';
import { inBuildSpan } from './telemetry/in-build-span.js';
import { tracedReader } from './telemetry/traced-reader.js';

/**
 * Builds the context of a focus note within a token budget (spec sections 2–5), or of a list of 1 to 10 foci under one
 * budget (section 9: a `MultiFocusResult`, even for a list of one). Store and options are validated before any read;
 * every failure is a rejection, never a synchronous throw; a missing or unreadable focus is a `NoteNotFound` (the first
 * of a list). Traced through `@opentelemetry/api`: a build span, a span per read batch under it.
 */
export function buildContext(store: NoteStore, options: BuildOptions): Promise<BuildOutcome>;
export function buildContext(store: NoteStore, options: MultiFocusBuildOptions): Promise<BuildOutcome<MultiFocusResult>>;
export function buildContext(store: NoteStore, options: AnyBuildOptions): Promise<BuildOutcome<AnyResult>>;
export async function buildContext(store: NoteStore, options: AnyBuildOptions): Promise<BuildOutcome<AnyResult>> {
  return inBuildSpan(options, async () => {
    if (typeof (store as Partial<NoteStore> | null)?.openReader !== 'function') {
      throw new ValidationError('store', `expected a NoteStore (an object with openReader), got ${shown(store)}`);
    }
    return build(store, resolveBuildOptions(options), takeShortcuts);
  });
}

/** The build with the shortcuts it takes: `takeShortcuts`, or `noShortcuts` for tests that check they change nothing. */
export async function build<R extends AnyResult = GraphRAGResult>(
  store: NoteStore, options: ResolvedBuildOptions, plan: ShortcutPlan,
): Promise<BuildOutcome<R>> {
  const deadline = new Deadline(options.timeoutMs, options.signal);
  try {
    const tokenizer = await deadline.race(loadTokenizer(options.tokenizer));
    const opening = store.openReader(
      { detailsLimit: options.truncate, timeoutMs: options.timeoutMs, ...(options.readableNotebooks && { readableNotebooks: new Set(options.readableNotebooks) }) },
      deadline.signal,
    );
    const reader = await deadline.race(opening).catch((error: unknown) => {
      // A reader that opens after the deadline is closed at once.
      void opening.then((late) => late.close(), () => {});
      throw error;
    });
    const guarded = deadline.guardReader(tracedReader(reader));
    try {
      return (await walk(guarded, tokenizer, options, plan, deadline)) as BuildOutcome<R>;
    } finally {
      await guarded.close();
    }
  } finally {
    deadline.clear();
  }
}

async function walk(
  reader: NoteReader, tokenizer: Tokenizer, options: ResolvedBuildOptions, plan: ShortcutPlan, deadline: Deadline,
): Promise<BuildOutcome<AnyResult>> {
  const focusIds: readonly NoteId[] = Array.isArray(options.focus) ? options.focus : [options.focus as NoteId];
  const several = Array.isArray(options.focus);
  const loader = new NoteLoader(reader);
  const firstRead = Promise.all([
    Promise.all(focusIds.map((id) => loader.note(id, true))),
    Promise.all(focusIds.map((id) => loader.ancestors(id))),
    Promise.all(options.exclude.map((id) => loader.note(id))),
  ]);
  for (const id of focusIds) plan.firstReads(id, loader);
  const [foci, fociAncestors, excluded] = await deadline.race(firstRead);
  const missing = foci.findIndex((focus) => !focus);
  if (missing >= 0) throw new NoteNotFound(focusIds[missing]!);
  const found = foci as NoteRecord[];

  const chains = found.map((focus, index) => walkParentChain(focus, fociAncestors[index]!));
  const result = new ResultBuilder(found.map((focus, index) => ({ focus, contextualPath: [...chains[index]!].reverse() })), several);
  // The report's `focusCost`: the output's tokens before any related note; with `estimate`, the focus notes' JSON (spec 5, 9).
  const initial = result.result();
  const focusNotes = 'focusNote' in initial ? initial.focusNote : initial.focusNotes;
  const focusCost = tokenizer.name === 'estimate' ? estimateTokens(JSON.stringify(focusNotes)) : tokenizer.count(render(initial, options.format));
  const ledger = new BudgetLedger(options.budget);
  const alreadyReturned = excluded.filter((note): note is NoteRecord => note !== undefined && !focusIds.includes(note.id));
  for (const note of alreadyReturned) ledger.markReturned(note.id);
  // Another focus met as a candidate counts as already in the result (spec section 9).
  if (several) for (const id of focusIds) ledger.markReturned(id);
  const costs = costModelFor(tokenizer, options.format);
  const pace = new WalkPace(deadline);
  const report = new WalkReport();
  const relations = new Set([...(options.relations ?? TREE_RELATIONS), ...(options.links ? LINK_RELATIONS : [])]);
  const shortcuts = plan.walk({
    focus: found[0]!, parent: parentOf(found[0]!, chains[0]!), several, relations, fit: options.fit, excluded: alreadyReturned,
    ledger, result, report, costs, detailsLimit: options.truncate, answersAtOnce: loader.answersAtOnce, readsExtended: loader.readsExtended,
  });
  const pricing = shortcuts.reduce<NotePricing>((inner, shortcut) => shortcut.pricing?.(inner) ?? inner, pace.pricing(exactPricing(costs, options.truncate)));
  const reading: StrategyReading = {
    readPage: shortcuts.reduce((inner, shortcut) => shortcut.readPage?.(inner) ?? inner, BY_PAGE.readPage),
    cursor: shortcuts.reduce((inner, shortcut) => shortcut.reading?.(inner) ?? inner, BY_PAGE.cursor),
    anchors: (own) => shortcuts.reduce((inner, shortcut) => shortcut.anchors?.(inner) ?? inner, own),
  };
  const focusWalks = found.map((focus, index) => ({
    focus,
    index,
    ...(several && { uri: uriOf(focus.id) }),
    strategies: shortcuts.reduce(
      (inner, shortcut) => shortcut.strategies?.(inner) ?? inner,
      pace.strategies(createStrategies({ focus, ancestors: chains[index]! }, loader, relations, reading), () => loader.quiet),
    ),
  }));

  await runIteration({ foci: focusWalks, relations, fit: options.fit, ledger, pricing, result, report, detailsLimit: options.truncate });

  return {
    result: result.result(),
    report: {
      tokenizer: tokenizer.name, format: options.format, budget: ledger.budget, used: ledger.used, left: ledger.remaining, focusCost,
      skipped: report.skipped, added: report.added, skippedCount: report.skippedCount, candidatesConsidered: report.candidatesConsidered,
      endedEarly: report.endedEarly, roundTrips: reader.roundTrips,
    },
  };
}
