import { SpanStatusCode, type Context } from '@opentelemetry/api';
import type { NoteReader, NoteStore, ReadRequest } from '../store/note-store.js';
import type { BuildTimings } from './build-timings.js';
import { noteContextTracer } from './note-context-tracer.js';

/**
 * A store whose readers trace each read batch as a child span of `parent` (`note-context read`,
 * with the requests' kinds and counts), and add their time to `timings`. A reader's
 * `capabilities.readNow` (answers from memory, one request at a time) passes through untraced:
 * there is no round trip to see, and a span per note would cost more than the read.
 */
export function tracedStore(store: NoteStore, parent: Context, timings?: BuildTimings): NoteStore {
  return {
    openReader: async (scope, signal) => tracedReader(await store.openReader(scope, signal), parent, timings),
  };
}

function tracedReader(reader: NoteReader, parent: Context, timings: BuildTimings | undefined): NoteReader {
  return {
    get roundTrips() {
      return reader.roundTrips;
    },
    close: () => reader.close(),
    read: async (requests) => {
      const span = noteContextTracer().startSpan('note-context read', { attributes: requestAttributes(requests) }, parent);
      const started = performance.now();
      try {
        const answers = await reader.read(requests);
        span.setAttribute('note_context.read.records', answers.reduce((sum, records) => sum + records.length, 0));
        return answers;
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'read failed' });
        throw error;
      } finally {
        if (timings) {
          timings.reads++;
          timings.readMs += performance.now() - started;
        }
        span.end();
      }
    },
    // What the reader declares beyond the required reads passes through, `readNow` included.
    ...(reader.capabilities && { capabilities: reader.capabilities }),
  };
}

function requestAttributes(requests: readonly ReadRequest[]): Record<string, number> {
  const attributes: Record<string, number> = { 'note_context.read.requests': requests.length };
  for (const request of requests) {
    const key = `note_context.read.${request.kind}`;
    attributes[key] = (attributes[key] ?? 0) + 1;
  }
  return attributes;
}
