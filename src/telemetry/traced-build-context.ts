import { context, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { buildContext, type BuildOutcome } from '../build-context.js';
import type { AnyBuildOptions, BuildOptions, MultiFocusBuildOptions } from '../build-options.js';
import type { BuildReport } from '../iterator/build-report.js';
import type { AnyResult, MultiFocusResult } from '../result/schema.js';
import type { NoteStore } from '../store/note-store.js';
import { currentBuildTimings } from './build-timings.js';
import { tracedStore } from './traced-store.js';
import { noteContextTracer } from './note-context-tracer.js';

/**
 * `buildContext`, traced: a `note-context build` span (a child of the active span, such as an
 * HTTP request's) with the build report's figures as attributes, and under it a
 * `note-context read` span per read batch; a list of foci is traced as one build. With no OpenTelemetry SDK registered the spans are
 * no-ops. The result, the report and the errors are `buildContext`'s own.
 */
export function tracedBuildContext(store: NoteStore, options: BuildOptions): Promise<BuildOutcome>;
export function tracedBuildContext(store: NoteStore, options: MultiFocusBuildOptions): Promise<BuildOutcome<MultiFocusResult>>;
export function tracedBuildContext(store: NoteStore, options: AnyBuildOptions): Promise<BuildOutcome<AnyResult>>;
export function tracedBuildContext(store: NoteStore, options: AnyBuildOptions): Promise<BuildOutcome<AnyResult>> {
  const timings = currentBuildTimings();
  return noteContextTracer().startActiveSpan('note-context build', { attributes: optionAttributes(options) }, async (span) => {
    const started = performance.now();
    try {
      const outcome = await buildContext(tracedStore(store, trace.setSpan(context.active(), span), timings), options);
      span.setAttributes(reportAttributes(outcome.report));
      return outcome;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'build failed' });
      throw error;
    } finally {
      if (timings) {
        timings.builds++;
        timings.buildMs += performance.now() - started;
      }
      span.end();
    }
  });
}

function optionAttributes(options: AnyBuildOptions): Attributes {
  const given = (options ?? {}) as Partial<Record<'focus' | 'budget', unknown>>;
  const foci = Array.isArray(given.focus) ? given.focus : [given.focus];
  return {
    ...(foci.length > 0 && foci.every((focus) => ['number', 'string'].includes(typeof focus)) && { 'note_context.focus': foci.map(String).join(',') }),
    ...(typeof given.budget === 'number' && { 'note_context.budget': given.budget }),
  };
}

/** The report's figures, under `note_context.report.*`. */
export function reportAttributes(report: BuildReport): Attributes {
  return {
    'note_context.report.tokenizer': report.tokenizer,
    'note_context.report.format': report.format,
    'note_context.report.budget': report.budget,
    'note_context.report.used': report.used,
    'note_context.report.left': report.left,
    'note_context.report.focus_cost': report.focusCost,
    'note_context.report.skipped_count': report.skippedCount,
    'note_context.report.candidates_considered': report.candidatesConsidered,
    'note_context.report.ended_early': report.endedEarly,
    'note_context.report.round_trips': report.roundTrips,
  };
}
