import { BudgetLedger } from './budget/budget-ledger.js';
import { costModelFor } from './budget/cost-model.js';
import { tokenizerNamed } from './budget/tokenizer.js';
import { resolveBuildOptions, type BuildOptions } from './build-options.js';
import { NoteNotFound } from './errors.js';
import type { BuildReport } from './iterator/build-report.js';
import { runIteration } from './iterator/run-iteration.js';
import type { NoteRecord } from './model/note-record.js';
import { ResultBuilder } from './result/focus-note-builder.js';
import { renderJson } from './result/render-json.js';
import type { GraphRAGResult } from './result/schema.js';
import { createStrategies } from './strategies/create-strategies.js';
import { NoteLoader } from './strategies/note-loader.js';
import { walkParentChain } from './strategies/parent-chain.js';
import type { NoteStore } from './store/note-store.js';

/**
 * Below this many of the cheapest conceivable notes left in the budget, pages leave out the
 * candidates that cannot fit. Above it, most candidates may still fit and reading them is cheaper
 * than numbering every candidate of the relation in SQL.
 */
const TIGHT_BUDGET_IN_CHEAPEST_NOTES = 8;

export interface BuildOutcome {
  readonly result: GraphRAGResult;
  readonly report: BuildReport;
}

/** Internal switches for tests; not part of the documented options. */
export interface BuildInternals {
  /** Walk every candidate instead of ending once the result cannot change. */
  readonly exhaustive?: boolean;
}

/**
 * Builds the context of one focus note within a token budget (spec sections 2–5).
 * Options are validated before anything is read; a missing, deleted or unreadable focus note
 * is a `NoteNotFound`.
 */
export async function buildContext(
  store: NoteStore,
  options: BuildOptions,
  internals: BuildInternals = {},
): Promise<BuildOutcome> {
  const resolved = resolveBuildOptions(options);
  const tokenizer = tokenizerNamed(resolved.tokenizer);
  const reader = await store.openReader({
    detailsLimit: resolved.truncate,
    ...(resolved.readableNotebooks && { readableNotebooks: new Set(resolved.readableNotebooks) }),
  });
  try {
    const loader = new NoteLoader(reader);
    const [focus, focusAncestors, excluded] = await Promise.all([
      loader.note(resolved.focus, true),
      loader.ancestors(resolved.focus),
      Promise.all(resolved.exclude.map((id) => loader.note(id))),
    ]);
    if (!focus) throw new NoteNotFound(resolved.focus);

    const ancestors = walkParentChain(focus, focusAncestors);
    const result = new ResultBuilder(focus, [...ancestors].reverse());
    const focusCost = tokenizer.count(renderJson(result.result()));
    const ledger = new BudgetLedger(resolved.budget);
    const costs = costModelFor(tokenizer);
    const alreadyReturned = excluded.filter((note): note is NoteRecord => note !== undefined && note.id !== focus.id);
    // Once what is left is small, most candidates cannot fit: let the store step over them.
    const passOver = () =>
      internals.exhaustive || ledger.remaining >= TIGHT_BUDGET_IN_CHEAPEST_NOTES * costs.cheapestNote
        ? undefined
        : { maxTextBytes: costs.maxTextBytes(ledger.remaining), keep: ledger.includedIds() };

    const outcome = await runIteration({
      focus,
      strategies: createStrategies({ focus, ancestors, passOver }, loader),
      ledger,
      costs,
      result,
      detailsLimit: resolved.truncate,
      alreadyReturned,
      ...(internals.exhaustive !== undefined && { exhaustive: internals.exhaustive }),
    });

    return {
      result: result.result(),
      report: {
        tokenizer: tokenizer.name,
        format: 'json',
        budget: ledger.budget,
        used: ledger.used,
        left: ledger.remaining,
        focusCost,
        ...outcome,
        endedEarly: outcome.endedEarly,
        roundTrips: reader.roundTrips,
      },
    };
  } finally {
    await reader.close();
  }
}
