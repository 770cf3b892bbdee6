import type { FindNotesOptions, FoundNote, NoteFinder } from '../note-finder.js';
import type { NoteReader, NoteStore, ReadScope } from '../note-store.js';
import { findNotesSelect, FoundRowSchema } from './find-notes-select.js';
import { GuardedConnection } from './guarded-connection.js';
import { resolveNoteTable, type NoteTableNames, type ResolvedNoteTable } from './note-table-names.js';
import type { ConnectionSource, RunStatement } from './read-connection.js';
import type { SqlDialect } from './sql-dialect.js';
import { CLIENT_GRACE_MS, SqlNoteReader, type BatchReads, type ReaderSession } from './sql-note-reader.js';

/** A search's statement limit when the host sets none. */
const SEARCH_TIMEOUT_MS = 5_000;
/** Node's timers hold 32-bit signed milliseconds. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Both SQL stores; each engine says how its readers open and its searches are limited. */
export abstract class SqlNoteStore<Options extends NoteTableNames & { readonly queryTimeoutMs?: number }> implements NoteStore, NoteFinder {
  /** The host's table and columns, Doughnut's `note` by default. */
  protected readonly names: ResolvedNoteTable;
  /** Readers' rollbacks not yet answered: each holds its connection until then. */
  private readonly ending = new Set<Promise<void>>();

  protected constructor(
    private readonly source: ConnectionSource, protected readonly dialect: SqlDialect, protected readonly options: Options,
    /** Whether `destroy` closes the pool (or the Kysely instance). */
    private readonly ownsDb: boolean,
  ) {
    this.names = resolveNoteTable(options);
  }

  /** Sends what a reader sends as it opens (its snapshot's start, what the store asks once); rejects when the build cannot go on. */
  protected abstract openReads(scope: ReadScope, queryTimeoutMs: number, session: ReaderSession): Promise<BatchReads>;

  /** Readies a search on its connection; how its statement is sent: under the server's limit. */
  protected abstract searchSender(run: RunStatement): Promise<RunStatement>;

  async openReader(scope: ReadScope, signal?: AbortSignal): Promise<NoteReader> {
    // A statement beside a huge hub may take as long as its build, capped so that the client's wait past it fits a Node timer.
    const queryTimeoutMs = Math.min(this.options.queryTimeoutMs ?? scope.timeoutMs ?? SEARCH_TIMEOUT_MS, LONGEST_TIMER_MS - CLIENT_GRACE_MS);
    const openReads = (session: ReaderSession) => this.openReads(scope, queryTimeoutMs, session);
    return SqlNoteReader.open(this.source, this.dialect, openReads, queryTimeoutMs, this.track, signal);
  }

  protected get searchTimeoutMs(): number {
    return this.options.queryTimeoutMs ?? SEARCH_TIMEOUT_MS;
  }

  /** Resolves once every closed reader has given back or destroyed its connection: a host waits for it before ending its own pool. */
  async idle(): Promise<void> {
    while (this.ending.size > 0) await Promise.all(this.ending);
  }

  /** Waits until {@link idle}, then closes the pool if this store made it; a host's own pool or Kysely instance is left alone. */
  async destroy(): Promise<void> {
    await this.idle();
    if (this.ownsDb) await this.source.end();
  }

  private readonly track = (ending: Promise<void>): void => {
    this.ending.add(ending);
    void ending.then(() => this.ending.delete(ending));
  };

  /** One statement on a connection of its own, destroyed past {@link searchTimeoutMs} and a grace or at an abort. */
  async findNotes(query: string, options: FindNotesOptions): Promise<readonly FoundNote[]> {
    const guarded = await GuardedConnection.acquire(this.source, this.dialect, options.signal);
    const clear = guarded.deadline(this.searchTimeoutMs + CLIENT_GRACE_MS, 'a note search failed');
    try {
      const send = await this.searchSender((statement) => guarded.send(statement));
      if (options.readableNotebooks?.size === 0) return [];
      const rows = await send(findNotesSelect(this.dialect, this.names, query, options)).catch((error: unknown) => {
        throw this.dialect.unavailable('a note search failed', error);
      });
      return rows.map((row) => FoundRowSchema.parse(row));
    } catch (error) {
      // The reason the connection was given up for, not the driver's "connection destroyed".
      throw guarded.dropped ? guarded.dropped.reason : error;
    } finally {
      clear();
      guarded.release();
    }
  }
}
