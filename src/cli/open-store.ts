import { fileURLToPath } from 'node:url';
import { MemoryNoteStore } from '../store/memory/memory-note-store.js';
import { readFixtureFile } from '../store/memory/fixture.js';
import type { NoteStore } from '../store/note-store.js';

/** The sample notebook shipped with the package, used when no `--db` is given. */
export const SAMPLE_NOTEBOOK = fileURLToPath(new URL('../../fixtures/sample-notebook.json', import.meta.url));

export interface OpenedStore {
  readonly store: NoteStore;
  close(): Promise<void>;
}

/** A fixture file path, or a `mysql://` URL. */
export async function openStore(db: string | undefined): Promise<OpenedStore> {
  const fixture = await readFixtureFile(db ?? SAMPLE_NOTEBOOK);
  return { store: new MemoryNoteStore(fixture), close: async () => {} };
}
