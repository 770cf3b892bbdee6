import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { NoteNotFound } from '../src/note-context-error.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import type { BuildReport } from '../src/iterator/build-report.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { mysqlStoreKind } from './support/store-kinds.js';
import { recording } from './support/recording-store.js';

// `buildContext` itself, with what a host registers to see spans: an SDK provider and a context manager.
const fixture = await readFixtureFile(sampleNotebookPath);
const sample = new MemoryNoteStore(fixture);
const exporter = new InMemorySpanExporter();
const mysql = mysqlStoreKind();

beforeAll(() => {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterAll(async () => {
  trace.disable();
  context.disable();
  await mysql.dispose();
});
afterEach(() => exporter.reset());

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const named = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name);

/** The one build span finished, and the read spans: every one of them under it. */
function buildAndReads(): { build: ReadableSpan; reads: ReadableSpan[] } {
  const builds = named('note-context build');
  expect(builds).toHaveLength(1);
  const build = builds[0]!;
  const reads = named('note-context read');
  for (const read of reads) {
    expect(parentOf(read)).toBe(build.spanContext().spanId);
    expect(read.spanContext().traceId).toBe(build.spanContext().traceId);
    expect(read.attributes['note_context.read.requests']).toBeGreaterThan(0);
  }
  expect(exporter.getFinishedSpans()).toHaveLength(1 + reads.length);
  return { build, reads };
}

/** The attributes a build span of focus 19, budget 2000 must carry, written out from the report. */
const expectedAttributes = (report: BuildReport) => ({
  'note_context.focus': '19',
  'note_context.budget': 2000,
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
});

describe('buildContext emits spans (@opentelemetry/api, an in-memory exporter registered)', () => {
  it('on the memory store: a root build span with the report as attributes; no read span, as it answers each request at once', async () => {
    const { report } = await buildContext(sample, { focus: 19, budget: 2000 });
    const { build, reads } = buildAndReads();
    expect(parentOf(build)).toBeUndefined();
    expect(build.status.code).toBe(0);
    expect(build.attributes).toEqual(expectedAttributes(report));
    expect(report.roundTrips).toBe(0);
    expect(reads).toEqual([]);
  });

  it('over a store that reads in batches: one read span per batch it was asked for, under the build span', async () => {
    const { store, seen } = recording(sample);
    const { report } = await buildContext(store, { focus: 19, budget: 2000 });
    const { build, reads } = buildAndReads();
    expect(build.attributes).toEqual(expectedAttributes(report));
    expect(seen.batches.length).toBeGreaterThan(1);
    expect(reads).toHaveLength(seen.batches.length);
    expect(reads.map((read) => read.attributes['note_context.read.requests'])).toEqual(seen.batches.map((batch) => batch.length));
  });

  it('several foci: one build span, the foci listed in its focus attribute, the reads under it', async () => {
    const { store, seen } = recording(sample);
    const outcome = await buildContext(store, { focus: [19, '/n27'], budget: 2000 });
    const { build, reads } = buildAndReads();
    expect(build.attributes['note_context.focus']).toBe('19,/n27');
    expect(build.attributes['note_context.report.used']).toBe(outcome.report.used);
    expect(reads).toHaveLength(seen.batches.length);
  });

  it('a build under a span of the caller\'s: its build span is that span\'s child', async () => {
    const tracer = trace.getTracer('host');
    await tracer.startActiveSpan('host work', async (span) => {
      await buildContext(sample, { focus: 19, budget: 100 });
      span.end();
    });
    const [host] = named('host work');
    const [build] = named('note-context build');
    expect(parentOf(build!)).toBe(host!.spanContext().spanId);
  });

  it('a failed build: its span has the error recorded and its status set, whatever failed', async () => {
    const failures: [NoteStore, unknown, string][] = [
      [sample, { focus: 99999, budget: 10 }, 'NoteNotFound'],
      [sample, { focus: 19, budget: -1 }, 'ValidationError'],
      [{} as NoteStore, { focus: 19, budget: 10 }, 'ValidationError'],
    ];
    for (const [store, options, name] of failures) {
      exporter.reset();
      await expect(buildContext(store, options as never)).rejects.toMatchObject({ name });
      const { build } = buildAndReads();
      expect(build.status).toEqual({ code: 2, message: name });
      expect(build.events.map((event) => [event.name, event.attributes?.['exception.type']])).toEqual([['exception', name]]);
    }
  });

  describe('on the MySQL store', () => {
    let store: NoteStore;
    beforeAll(async () => {
      store = await mysql.load(fixture);
    });

    it('a read span per statement of the build\'s reads, under the build span: its round trips less the statements it opens with', async () => {
      // A store's first build also asks the server's version and the table's indexes; every
      // build starts its snapshot (src/store/mysql/mysql-note-reader.ts). None is a read batch.
      const expected = (await buildContext(sample, { focus: 19, budget: 2000 })).result;
      for (const openingStatements of [3, 1]) {
        exporter.reset();
        const outcome = await buildContext(store, { focus: 19, budget: 2000 });
        expect(outcome.result).toEqual(expected);
        const { build, reads } = buildAndReads();
        expect(build.attributes).toEqual(expectedAttributes(outcome.report));
        expect(reads.length).toBeGreaterThan(1);
        expect(reads).toHaveLength(outcome.report.roundTrips - openingStatements);
        expect(reads.every((read) => typeof read.attributes['note_context.read.records'] === 'number')).toBe(true);
      }
    });

    it('a missing focus: the build span records the NoteNotFound, after the read that looked for it', async () => {
      await expect(buildContext(store, { focus: 99999, budget: 10 })).rejects.toBeInstanceOf(NoteNotFound);
      const { build, reads } = buildAndReads();
      expect(build.status).toEqual({ code: 2, message: 'NoteNotFound' });
      expect(build.events[0]!.attributes?.['exception.message']).toBe('note 99999 not found');
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((read) => read.status.code === 0)).toBe(true);
    });
  });
});
