import type { NoteReader, NoteStore } from '../../src/store/note-store.js';
import type { CapableReadRequest, ReaderCapabilities } from '../../src/store/reader-capabilities.js';
import type { FilteredRecord } from '../../src/store/size-filter.js';
import { readCapable } from './read-capable.js';

/** What a store saw: every batch of requests, and how many notes its filtered pages left out. */
export interface Recording {
  readonly batches: CapableReadRequest[][];
  filteredPages: number;
  leftOut: number;
}

/**
 * Wraps a store to record the batches the core sends it (as dataloader's tests do). With
 * `atOnce`, the wrapped reader answers at once as well (`readNow`, when the store's reader does),
 * and each request it answers that way is recorded as a batch of its own.
 */
export function recording(store: NoteStore, { atOnce = false } = {}): { store: NoteStore; seen: Recording } {
  const seen: Recording = { batches: [], filteredPages: 0, leftOut: 0 };
  const count = (requests: readonly CapableReadRequest[], answers: readonly (readonly FilteredRecord[])[]) => {
    requests.forEach((request, index) => {
      if ('filter' in request && request.filter) {
        seen.filteredPages++;
        for (const found of answers[index]!) seen.leftOut += found.leftOutBefore ?? 0;
      }
    });
  };
  return {
    seen,
    store: {
      openReader: async (scope) => {
        const reader = await store.openReader(scope);
        const inner = reader.capabilities ?? {};
        const capabilities: ReaderCapabilities = {
          ...(inner.sizeFilter && { sizeFilter: true }),
          ...(inner.siblingsPages && { siblingsPages: true }),
          ...(atOnce &&
            inner.readNow && {
              readNow: (request: CapableReadRequest) => {
                seen.batches.push([request]);
                const answer = inner.readNow!(request);
                count([request], [answer]);
                return answer;
              },
            }),
        };
        const recorded: NoteReader = {
          read: async (requests) => {
            seen.batches.push([...requests]);
            const answers = await readCapable(reader, requests);
            count(requests, answers);
            return answers;
          },
          get roundTrips() {
            return reader.roundTrips;
          },
          close: () => reader.close(),
          capabilities,
        };
        return recorded;
      },
    },
  };
}
