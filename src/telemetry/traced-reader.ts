import { context, trace, type Attributes } from '@opentelemetry/api';
import type { ExtendedReadRequest } from '../store/read-request.js';
import type { NoteReader, ReadRequest } from '../store/note-store.js';
import { callerTimings } from './build-timings.js';
import { timedSpan } from './timed-span.js';

/** The reader with each read batch a `note-context read` span and timed, or itself when nothing records; `readNow` passes untraced. */
export function tracedReader(reader: NoteReader): NoteReader {
  const parent = context.active();
  const timings = callerTimings.getStore();
  if (!timings && !trace.getSpan(parent)?.isRecording()) return reader;
  const traced = <R extends ExtendedReadRequest, T>(read: (requests: readonly R[]) => Promise<readonly T[]>) => async (requests: readonly R[]): Promise<readonly T[]> => {
    const span = trace.getTracer('note-context').startSpan('note-context read', undefined, parent);
    const recording = span.isRecording();
    if (recording) span.setAttributes(requestAttributes(requests));
    return timedSpan(span, timings, 'read', async () => {
      const answers = await read(requests);
      if (recording) span.setAttribute('note_context.read.records', answers.reduce((sum, records) => sum + (records as readonly unknown[]).length, 0));
      return answers;
    });
  };
  return {
    get roundTrips() {
      return reader.roundTrips;
    },
    close: () => reader.close(),
    read: traced((requests: readonly ReadRequest[]) => reader.read(requests)),
    ...(reader.readExtended && { readExtended: traced((requests: readonly ExtendedReadRequest[]) => reader.readExtended!(requests)) }),
    ...(reader.readNow && { readNow: reader.readNow.bind(reader) }),
  };
}

function requestAttributes(requests: readonly ExtendedReadRequest[]): Attributes {
  const attributes: Record<string, number> = { 'note_context.read.requests': requests.length };
  for (const { kind } of requests) attributes[`note_context.read.${kind}`] = (attributes[`note_context.read.${kind}`] ?? 0) + 1;
  return attributes;
}
