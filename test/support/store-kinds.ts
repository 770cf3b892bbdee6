import { MemoryNoteStore } from '../../src/store/memory/memory-note-store.js';
import type { Fixture } from '../../src/store/memory/fixture.js';
import type { NoteStore } from '../../src/store/note-store.js';

/** A kind of store the shared suites run over. */
export interface StoreKind {
  readonly name: string;
  /** A store holding exactly `fixture`. */
  load(fixture: Fixture): Promise<NoteStore>;
  /** Releases whatever `load` created (called once per suite). */
  dispose(): Promise<void>;
}

export const memoryStoreKind: StoreKind = {
  name: 'memory',
  load: async (fixture) => new MemoryNoteStore(fixture),
  dispose: async () => {},
};
