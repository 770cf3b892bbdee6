import type { FindNotesOptions, FoundNote, NoteFinder } from '../note-finder.js';
import type { NoteReader, NoteStore, ReadScope } from '../note-store.js';
import { resolveNoteTable, type NoteTableNames, type ResolvedNoteTable } from './note-table-names.js';
import type { ConnectionSource } from './read-connection.js';
import type { SqlDialect } from './sql-dialect.js';
import { CLIENT_GRACE_MS } from './sql-note-reader.js';
import { SqlStoreCore } from './sql-store-core.js';

/**
 * What both SQL stores are, whatever the engine: a store over connections from `source` (the
 * host's pool, or its Kysely instance), with the host's table and columns (`options`), that
 * waits for its readers' ends and closes what it made. Each engine's store opens its readers and
 * searches.
 */
export abstract class SqlNoteStore<Options extends NoteTableNames & { readonly queryTimeoutMs: number }> implements NoteStore, NoteFinder {
  protected readonly core: SqlStoreCore;
  /** The host's table and columns, Doughnut's `note` by default. */
  protected readonly names: ResolvedNoteTable;

  protected constructor(
    source: ConnectionSource,
    dialect: SqlDialect,
    protected readonly options: Options,
    /** Whether `destroy` closes the pool (or the Kysely instance). */
    private readonly ownsDb: boolean,
  ) {
    this.names = resolveNoteTable(options);
    this.core = new SqlStoreCore(source, dialect, options.queryTimeoutMs + CLIENT_GRACE_MS);
  }

  abstract openReader(scope: ReadScope, signal?: AbortSignal): Promise<NoteReader>;

  abstract findNotes(query: string, options: FindNotesOptions): Promise<readonly FoundNote[]>;

  /**
   * Resolves once every reader closed so far has given its connection back, or destroyed it: a
   * build returns before the rollback that ends its snapshot is answered. A host that ends its
   * own pool or Kysely instance waits for this first (or calls `destroy`).
   */
  idle(): Promise<void> {
    return this.core.idle();
  }

  /** Waits until {@link idle}, then closes the pool if this store made it; a host's own pool or Kysely instance is left alone. */
  destroy(): Promise<void> {
    return this.core.destroy(this.ownsDb);
  }
}
