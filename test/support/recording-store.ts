import type { NoteReader, NoteStore } from '../../src/store/note-store.js';
import type { ExtendedReadRequest } from '../../src/store/read-request.js';
import type { FilteredRecord } from '../../src/store/size-filter.js';
import { readCapable } from './read-capable.js';

/** What a store saw: every batch of requests, and how many notes its filtered pages left out. */
export interface Recording {
  readonly batches: ExtendedReadRequest[][];
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
  const count = (requests: readonly ExtendedReadRequest[], answers: readonly (readonly FilteredRecord[])[]) => {
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
        const read = async (requests: readonly ExtendedReadRequest[]) => {
          seen.batches.push([...requests]);
          const answers = await readCapable(reader, requests);
          count(requests, answers);
          return answers;
        };
        const recorded: NoteReader = {
          read,
          ...(reader.readExtended && { readExtended: read }),
          ...(atOnce &&
            reader.readNow && {
              readNow: (request: ExtendedReadRequest) => {
                seen.batches.push([request]);
                const answer = reader.readNow!(request);
                count([request], [answer]);
                return answer;
              },
            }),
          get roundTrips() {
            return reader.roundTrips;
          },
          close: () => reader.close(),
        };
        return recorded;
      },
    },
  };
}
