import type { NoteStore } from '../store/note-store.js';

/** Resolves when a build could start now: a reader opens, reads and closes (on MySQL, a snapshot on a pooled connection). */
export async function checkStore(store: NoteStore): Promise<void> {
  const reader = await store.openReader({ detailsLimit: 0, readableNotebooks: new Set() });
  try {
    // No notebook is readable, so this finds nothing; it only has to be answered.
    await reader.read([{ kind: 'note', id: 0, full: false }]);
  } finally {
    await reader.close();
  }
}
