import { sql, type RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../note-context-error.js';
import type { NoteReader } from '../note-store.js';
import type { ExtendedReadRequest } from '../read-request.js';
import type { FilteredRecord } from '../size-filter.js';
import { GuardedConnection } from './guarded-connection.js';
import type { ConnectionSource, RunStatement } from './read-connection.js';
import { readPagesWide } from './read-pages-wide.js';
import type { SqlDialect } from './sql-dialect.js';

/** How long past `queryTimeoutMs` the client waits for an answer before it gives up on the connection. */
export const CLIENT_GRACE_MS = 500;

/** What a reader sends as it opens (`SqlNoteStore.openReads`). */
export interface ReaderSession {
  /** One statement under the connection's deadline; a round trip of the build unless `counted` is false. */
  send(statement: RawBuilder<unknown>, what: string, counted?: boolean): Promise<unknown[]>;
  /** Sends the snapshot's start, not waited on here: every read waits on it and fails with its failure. */
  begin(statement: RawBuilder<unknown>, what: string): Promise<unknown>;
}

/** How one build's batches are written and answered, once the reader is open. */
export interface BatchReads {
  /** One statement answering every request of the batch. */
  statement(requests: readonly ExtendedReadRequest[]): RawBuilder<unknown>;
  /** The rows as one list of records per request; `more` sends a second statement, when links need one. */
  answer(requests: readonly ExtendedReadRequest[], rows: readonly unknown[], more: RunStatement): Promise<(readonly FilteredRecord[])[]>;
  /** Whether a page of children costs a sort of all of them, whatever its LIMIT: no index serves the sibling order. */
  readonly sortsWholePages?: boolean;
}

/** One build's reads on one pinned connection; a statement unanswered `CLIENT_GRACE_MS` past its limit destroys the connection. */
export class SqlNoteReader implements NoteReader {
  /** What `openReads` sent and the reads; not the rollback, never waited on. */
  roundTrips = 0;
  /** The snapshot's start (resolved at once without one); every read waits on it too. */
  private started: Promise<unknown> = Promise.resolve();
  /** Set by `close`: the rollback, then the connection's return or end. */
  private ending: Promise<void> | undefined;
  private reads: BatchReads | undefined;

  private constructor(private readonly guarded: GuardedConnection, private readonly limitMs: number, private readonly ended: (ending: Promise<void>) => void) {}

  /** Pins a connection and opens the reader on it with `openReads`, read wide where its pages sort whole; `ended` is handed the work `close` starts. */
  static async open(
    source: ConnectionSource, dialect: SqlDialect, openReads: (session: ReaderSession) => Promise<BatchReads>, queryTimeoutMs: number,
    ended: (ending: Promise<void>) => void, signal?: AbortSignal,
  ): Promise<NoteReader> {
    const reader = new SqlNoteReader(await GuardedConnection.acquire(source, dialect, signal), queryTimeoutMs + CLIENT_GRACE_MS, ended);
    try {
      reader.reads = await openReads({
        send: (statement, what, counted = true) => (counted ? reader.send(statement, what) : reader.guarded.run(statement, what, reader.limitMs)),
        begin: (statement, what) => {
          reader.started = reader.send(statement, what);
          // Reported by the reads that wait on it; a build that reads nothing has nothing to report.
          reader.started.catch(() => undefined);
          return reader.started;
        },
      });
    } catch (error) {
      await reader.close();
      throw error;
    }
    return reader.reads.sortsWholePages ? readPagesWide(reader) : reader;
  }

  async read(requests: readonly ExtendedReadRequest[]): Promise<readonly (readonly FilteredRecord[])[]> {
    // A dropped reader keeps failing with the reason it was dropped for (an abort's, say).
    if (this.ending && !this.guarded.dropped) throw new StoreUnavailable('read after the reader was closed');
    const reading = this.send(this.reads!.statement(requests), 'a note query failed');
    // The start was answered first, so a failed start is what this rejects with.
    const [, rows] = await Promise.all([this.started, reading]);
    return this.reads!.answer(requests, rows, (statement) => this.send(statement, 'a note query failed'));
  }

  readonly readExtended = this.read;

  private send(statement: RawBuilder<unknown>, what: string): Promise<unknown[]> {
    this.roundTrips++;
    return this.guarded.run(statement, what, this.limitMs);
  }

  /** Sends the rollback and returns at once; never rejects: whatever went wrong was the build's to report. */
  async close(): Promise<void> {
    if (this.ending) return;
    this.guarded.ignoreAbort();
    this.ending = this.end();
    this.ended(this.ending);
  }

  private async end(): Promise<void> {
    try {
      // Harmless outside a transaction, so sent whether or not a snapshot was started.
      await this.guarded.run(sql`ROLLBACK`, 'cannot end the read transaction', this.limitMs);
      this.guarded.release();
    } catch {
      this.guarded.drop(new StoreUnavailable('the reader was closed after its connection failed'));
    }
  }
}
