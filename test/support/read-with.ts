import type { ExtendedReadRequest } from '../../src/store/read-request.js';
import type { NoteStore, ReadScope } from '../../src/store/note-store.js';
import { readCapable } from './read-capable.js';

/** One batch of `requests` read from a reader of `store` opened for `scope`, and the reader's round trips. */
export async function readWith(store: NoteStore, requests: readonly ExtendedReadRequest[], scope: ReadScope) {
  const reader = await store.openReader(scope);
  try {
    const pages = await readCapable(reader, requests);
    return { pages, roundTrips: reader.roundTrips };
  } finally {
    await reader.close();
  }
}
