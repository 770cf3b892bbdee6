import type { NoteStore, ReadRequest } from '../../src/store/note-store.js';

/** What a store saw: every batch of requests, and how many notes its filtered pages left out. */
export interface Recording {
  readonly batches: ReadRequest[][];
  filteredPages: number;
  leftOut: number;
}

/** Wraps a store to record the batches the core sends it (as dataloader's tests do). */
export function recording(store: NoteStore): { store: NoteStore; seen: Recording } {
  const seen: Recording = { batches: [], filteredPages: 0, leftOut: 0 };
  return {
    seen,
    store: {
      openReader: async (scope) => {
        const reader = await store.openReader(scope);
        return {
          read: async (requests) => {
            seen.batches.push([...requests]);
            const answers = await reader.read(requests);
            requests.forEach((request, index) => {
              if ('filter' in request && request.filter) {
                seen.filteredPages++;
                for (const note of answers[index]!) seen.leftOut += note.leftOutBefore ?? 0;
              }
            });
            return answers;
          },
          get roundTrips() {
            return reader.roundTrips;
          },
          close: () => reader.close(),
        };
      },
    },
  };
}
