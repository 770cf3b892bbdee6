import { fileURLToPath } from 'node:url';
import { MemoryNoteStore } from '../store/memory/memory-note-store.js';
import { readFixtureFile } from '../store/memory/fixture.js';
import { MysqlNoteStore } from '../store/mysql/mysql-note-store.js';
import type { NoteStore } from '../store/note-store.js';

/** The sample notebook shipped with the package, used when no `--db` is given. */
export const SAMPLE_NOTEBOOK = fileURLToPath(new URL('../../fixtures/sample-notebook.json', import.meta.url));

export interface OpenedStore {
  readonly store: NoteStore;
  close(): Promise<void>;
}

export function isMysqlUrl(db: string | undefined): db is string {
  return db !== undefined && /^mysql:\/\//i.test(db);
}

/** A fixture file path (default: the sample notebook), or a `mysql://` URL. */
export async function openStore(db: string | undefined): Promise<OpenedStore> {
  if (isMysqlUrl(db)) {
    const store = MysqlNoteStore.fromUrl(db);
    return { store, close: () => store.destroy() };
  }
  const fixture = await readFixtureFile(db ?? SAMPLE_NOTEBOOK);
  return { store: new MemoryNoteStore(fixture), close: async () => {} };
}
