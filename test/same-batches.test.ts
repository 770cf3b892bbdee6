import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { readCapable } from './support/read-capable.js';
import type { ExtendedReadRequest } from '../src/store/read-request.js';
import { hubNotebook } from './support/hub-notebook.js';
import { recording } from './support/recording-store.js';

/** How long a store takes to answer a batch: the `index`th batch it is sent. */
type Latency = (index: number) => Promise<void>;

const LATENCIES: Record<string, Latency> = {
  'at once': async () => {},
  'a turn of the event loop': () => new Promise((resolve) => setImmediate(resolve)),
  '1 ms': () => new Promise((resolve) => setTimeout(resolve, 1)),
  'uneven: 0 to 4 ms': (index) => new Promise((resolve) => setTimeout(resolve, (index * 7) % 5)),
};

/** `store`, each batch answered after `latency`. */
function delayed(store: NoteStore, latency: Latency): NoteStore {
  return {
    openReader: async (scope, signal) => {
      const reader = await store.openReader(scope, signal);
      let sent = 0;
      const read = async (requests: readonly ExtendedReadRequest[]) => {
        await latency(sent++);
        return readCapable(reader, requests);
      };
      return {
        read,
        ...(reader.readExtended && { readExtended: read }),
        get roundTrips() {
          return reader.roundTrips;
        },
        close: () => reader.close(),
      };
    },
  };
}

/** The batches one build sends, each request as its JSON. */
async function batchesOf(latency: Latency, options: Parameters<typeof buildContext>[1]): Promise<string[][]> {
  const { store, seen } = recording(delayed(new MemoryNoteStore(hubNotebook(600, 600)), latency));
  await buildContext(store, options);
  return seen.batches.map((batch: ExtendedReadRequest[]) => batch.map((request) => JSON.stringify(request)));
}

describe('a build sends the same batches whatever the store’s latency or the machine’s load', () => {
  afterEach(() => vi.restoreAllMocks());

  // The clock runs fast (1 ms a reading), as on a loaded machine, so that the walk is due to let
  // the event loop run at almost every step: a breath must never split or reorder a batch.
  for (const focus of [3, 4, 20, 620, 11]) {
    it(`focus ${focus}: the same batches with every latency, with a clock that runs fast`, async () => {
      const options = { focus, budget: 4000, tokenizer: 'o200k' as const };
      const steady = await batchesOf(LATENCIES['at once']!, options);
      expect(steady.length).toBeGreaterThan(1);
      let now = performance.now();
      vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
      for (const [name, latency] of Object.entries(LATENCIES)) {
        expect(await batchesOf(latency, { ...options, timeoutMs: 10_000_000 }), name).toEqual(steady);
      }
    });
  }
});
