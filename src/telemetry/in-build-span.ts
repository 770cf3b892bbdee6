import { trace, type Attributes } from '@opentelemetry/api';
import type { BuildOutcome } from '../iterator/build-outcome.js';
import type { BuildReport } from '../iterator/build-report.js';
import type { AnyResult } from '../result/graph-rag-result-schema.js';
import { callerTimings } from './build-timings.js';
import { timedSpan } from './timed-span.js';

/** Runs `build` as the active `note-context build` span, with the options' and report's figures; its time goes to `timingBuilds`. */
export function inBuildSpan<T extends BuildOutcome<AnyResult>>(options: unknown, build: () => Promise<T>): Promise<T> {
  const timings = callerTimings.getStore();
  // The global provider's tracer, a no-op until the host registers an SDK; looked up at each use, as every span here is, so a later provider is used.
  return trace.getTracer('note-context').startActiveSpan('note-context build', (span) => {
    if (span.isRecording()) span.setAttributes(optionAttributes(options));
    return timedSpan(span, timings, 'build', async () => {
      const outcome = await build();
      if (span.isRecording()) span.setAttributes(reportAttributes(outcome.report));
      return outcome;
    });
  });
}

/** The focus (a list's joined by commas) and the budget, as given, when they are of the right kind. */
function optionAttributes(options: unknown): Attributes {
  const given = (typeof options === 'object' && options !== null ? options : {}) as Partial<Record<'focus' | 'budget', unknown>>;
  const foci = Array.isArray(given.focus) ? given.focus : [given.focus];
  return {
    ...(foci.length > 0 && foci.every((focus) => ['number', 'string'].includes(typeof focus)) && { 'note_context.focus': foci.map(String).join(',') }),
    ...(typeof given.budget === 'number' && { 'note_context.budget': given.budget }),
  };
}

const REPORTED = ['tokenizer', 'format', 'budget', 'used', 'left', 'focusCost', 'skippedCount', 'candidatesConsidered', 'endedEarly', 'roundTrips'] as const;

/** The report's figures, as `note_context.report.focus_cost` and the like. */
function reportAttributes(report: BuildReport): Attributes {
  return Object.fromEntries(REPORTED.map((key) => [`note_context.report.${key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`, report[key]]));
}
