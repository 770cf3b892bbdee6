import { sql, type RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../errors.js';
import type { NoteId } from '../../model/note-record.js';
import type { NoteReader, ReadScope } from '../note-store.js';
import type { CapableReadRequest, ReaderCapabilities } from '../reader-capabilities.js';
import type { FilteredRecord } from '../size-filter.js';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';
import { ANCESTOR_ROWS, FULL_NOTES_BY_ID, NOTES_BY_ID, postgresBatchQuery } from './postgres-batch-query.js';
import { GuardedConnection } from '../sql/guarded-connection.js';
import type { ConnectionSource, ReadConnection } from '../sql/read-connection.js';
import { PostgresNoteRowSchema, recordOfPostgresRow, type PostgresNoteRow } from './postgres-note-row.js';
import { postgresUnavailable as unavailable } from './postgres-unavailable.js';
import { untilAborted } from '../sql/until-aborted.js';

/** How long past `queryTimeoutMs` the client waits for an answer before it gives up on the connection. */
export const POSTGRES_CLIENT_GRACE_MS = 500;

export interface PostgresReaderSettings {
  readonly queryTimeoutMs: number;
  readonly names: ResolvedNoteTable;
  /**
   * Run once per store, on the first reader's connection inside its snapshot (so under its
   * `statement_timeout`): the table's check. Given `outside`, it runs statements of its own
   * after the snapshot was rolled back (a failed statement ends a PostgreSQL transaction).
   */
  readonly prepare: (
    run: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
    outside: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
  ) => Promise<void>;
}

/**
 * Reads for one build on one pinned connection, inside a read-only REPEATABLE READ transaction:
 * every read of the build sees the database as it was at its first statement, while others
 * write. Each batch of requests is one statement, so one round trip.
 *
 * The snapshot's start is sent as the reader opens, not waited on: pg runs a client's queries in
 * order, so the first read runs inside it, and fails if it failed. The same text sets the
 * transaction's `statement_timeout`, so the server stops any read after `queryTimeoutMs`. The
 * client does not rely on that: a statement with no answer within `queryTimeoutMs +
 * POSTGRES_CLIENT_GRACE_MS` (a frozen server, a dropped connection), or pending when the build's
 * signal aborts, fails at once, and the connection is destroyed, not returned to the pool.
 *
 * It declares both optional capabilities: first pages of siblings, and pages read with a size
 * filter (postgres-batch-query.ts); bench/postgres-capability-gains.ts measures what each buys.
 */
export class PostgresNoteReader implements NoteReader {
  readonly capabilities: ReaderCapabilities = { sizeFilter: true, siblingsPages: true };
  private statements = 0;
  private started: Promise<unknown> = Promise.resolve();
  private ending: Promise<void> | undefined;
  private readonly onAbort = () => this.drop(this.signal!.reason);
  private readonly guarded: GuardedConnection;

  private constructor(
    connection: ReadConnection,
    private readonly scope: ReadScope,
    private readonly settings: PostgresReaderSettings,
    private readonly signal: AbortSignal | undefined,
    private readonly ended: (ending: Promise<void>) => void,
  ) {
    this.guarded = new GuardedConnection(connection, {
      limitMs: settings.queryTimeoutMs + POSTGRES_CLIENT_GRACE_MS,
      unavailable,
      // pg queues a statement sent meanwhile itself, but that is deprecated and goes in pg 9.
      oneAtATime: true,
      onDrop: () => signal?.removeEventListener('abort', this.onAbort),
    });
    if (signal?.aborted) this.drop(signal.reason);
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /**
   * Pins a connection and sends the snapshot's start. Rejects with `signal.reason` as soon as the
   * signal aborts, even while the pool has no connection to give: one that comes later goes back.
   */
  static async open(
    source: ConnectionSource,
    scope: ReadScope,
    settings: PostgresReaderSettings,
    ended: (ending: Promise<void>) => void,
    signal?: AbortSignal,
  ): Promise<PostgresNoteReader> {
    signal?.throwIfAborted();
    const acquired = source.acquire().catch((error: unknown) => {
      throw unavailable('cannot reach the database', error);
    });
    const connection = await untilAborted(acquired, signal, (late) => late.release());
    const reader = new PostgresNoteReader(connection, scope, settings, signal, ended);
    reader.statements++;
    const timeout = sql.lit(settings.queryTimeoutMs);
    reader.started = reader.run(
      sql`BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY; SET LOCAL statement_timeout = ${timeout}`,
      'cannot open a read transaction',
    );
    // Reported by the reads that wait on it; a build that reads nothing has nothing to report.
    reader.started.catch(() => undefined);
    try {
      let rolledBack: Promise<unknown> | undefined;
      await settings.prepare(
        async (statement) => {
          reader.statements++;
          const [, rows] = await Promise.all([reader.started, reader.run(statement, 'cannot read the notes table')]);
          return rows;
        },
        async (statement) => {
          rolledBack ??= reader.run(sql`ROLLBACK`, 'cannot end the read transaction');
          await rolledBack;
          return reader.run(statement, 'cannot read the notes table');
        },
      );
    } catch (error) {
      await reader.close();
      throw error;
    }
    return reader;
  }

  /** Statements waited on or sent: the table's check (once per store), the snapshot's start, the reads. */
  get roundTrips(): number {
    return this.statements;
  }

  async read(requests: readonly CapableReadRequest[]): Promise<readonly (readonly FilteredRecord[])[]> {
    if (this.ending && !this.guarded.isDropped) throw new StoreUnavailable('read after the reader was closed');
    this.statements++;
    const reading = this.run(postgresBatchQuery(requests, this.scope, this.settings.names), 'a note query failed');
    const [, rows] = await Promise.all([this.started, reading]);
    return answer(requests, rows.map((row) => PostgresNoteRowSchema.parse(row)));
  }

  /** Sends the rollback and returns at once; the connection goes back once it is answered. Never rejects. */
  close(): Promise<void> {
    if (!this.ending) {
      this.signal?.removeEventListener('abort', this.onAbort);
      this.ending = this.end();
      this.ended(this.ending);
    }
    return Promise.resolve();
  }

  private async end(): Promise<void> {
    try {
      await this.run(sql`ROLLBACK`, 'cannot end the read transaction');
      this.guarded.release();
    } catch {
      this.drop(new StoreUnavailable('the reader was closed after its connection failed'));
    }
  }

  /** One statement, under the connection's deadline. */
  private run(statement: RawBuilder<unknown>, what: string): Promise<unknown[]> {
    return this.guarded.run(statement, what);
  }

  /** Destroys the connection; every pending and later statement fails with `reason`. */
  private drop(reason: unknown): void {
    this.guarded.drop(reason);
  }

}

/** Splits one statement's rows into one list per request, each in its page's order. */
function answer(requests: readonly CapableReadRequest[], rows: readonly PostgresNoteRow[]): (readonly FilteredRecord[])[] {
  const byRequest = new Map<number, PostgresNoteRow[]>();
  const cut = new Map<NoteId, FilteredRecord>();
  const full = new Map<NoteId, FilteredRecord>();
  const chains = new Map<NoteId, FilteredRecord[]>();
  for (const row of rows) {
    if (row.req === NOTES_BY_ID) cut.set(row.id, recordOfPostgresRow(row));
    else if (row.req === FULL_NOTES_BY_ID) full.set(row.id, recordOfPostgresRow(row));
    else if (row.req === ANCESTOR_ROWS) {
      const chain = chains.get(row.anchor!) ?? [];
      chain.push(recordOfPostgresRow(row));
      chains.set(row.anchor!, chain);
    } else {
      const page = byRequest.get(row.req) ?? [];
      page.push(row);
      byRequest.set(row.req, page);
    }
  }
  return requests.map((request, index) => {
    switch (request.kind) {
      case 'note': {
        const record = (request.full ? full : cut).get(request.id);
        return record ? [record] : [];
      }
      case 'ancestors':
        return chains.get(request.id) ?? [];
      case 'children':
      case 'siblings':
      case 'referrings':
        return (byRequest.get(index) ?? []).sort((a, b) => a.pos - b.pos).map(recordOfPostgresRow);
      default:
        // A request kind this store does not serve (an optional capability it does not declare).
        throw new StoreUnavailable(`the PostgreSQL store cannot answer a ${(request as { kind: string }).kind} request`);
    }
  });
}
