import { openStore, type OpenStoreOptions } from './open-store.js';
import type { NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';

export interface ServiceStore {
  readonly store: NoteStore & NoteFinder;
  /** Resolves when a build could start now: a reader opens and reads (on MySQL, inside a snapshot on a pooled connection). */
  check(): Promise<void>;
  /** Closes the pool, if the store made one. */
  close(): Promise<void>;
}

/** As `openStore` takes them; `poolSize` is at least the builds the service runs at once. */
export type ServiceStoreOptions = OpenStoreOptions;

/**
 * The store a long-running service reads: `db`, else the sample notebook, opened and checked as
 * the CLI's `build` opens it (a message names the setting as `options.fieldOf` does). A SQL store
 * connects on first use, so a database that is down makes requests fail (and the health check
 * say so), not the start.
 */
export async function openServiceStore(db: string | undefined, options: ServiceStoreOptions = {}): Promise<ServiceStore> {
  const { store, close } = await openStore(db, options);
  return { store, check: () => checkStore(store), close };
}

/**
 * Resolves when a build could start now: a reader opens, reads and closes (on MySQL: a snapshot
 * on a pooled connection, and one statement answered inside it).
 */
export async function checkStore(store: NoteStore): Promise<void> {
  const reader = await store.openReader({ detailsLimit: 0, readableNotebooks: new Set() });
  try {
    // No notebook is readable, so this finds nothing; it only has to be answered.
    await reader.read([{ kind: 'note', id: 0, full: false }]);
  } finally {
    await reader.close();
  }
}
