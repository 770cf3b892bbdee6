import { sql, type RawBuilder } from 'kysely';
import { compareSiblingKeys, type NoteId, type NoteRecord } from '../../model/note-record.js';
import { StoreUnavailable } from '../../errors.js';
import type { NoteReader, ReadScope } from '../note-store.js';
import type { CapableReadRequest, ReaderCapabilities } from '../reader-capabilities.js';
import type { FilteredRecord } from '../size-filter.js';
import { ANCESTOR_ROWS, batchQuery, FULL_NOTES_BY_ID, MOST_READABLE_NOTEBOOKS_INLINE, NOTES_BY_ID } from './batch-query.js';
import { GuardedConnection } from '../sql/guarded-connection.js';
import type { ConnectionSource, ReadConnection } from '../sql/read-connection.js';
import { untilAborted } from '../sql/until-aborted.js';
import { parseNoteRow, recordOfRow, type NoteRow } from './note-row.js';
import type { ServerFlavour } from './server-flavour.js';
import type { SiblingOrderKey } from './sibling-order-key.js';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';

/** How long past `queryTimeoutMs` the client waits for an answer before it gives up on the connection. */
export const CLIENT_GRACE_MS = 500;

export interface ReaderSettings {
  readonly queryTimeoutMs: number;
  readonly consistentSnapshot: boolean;
  /** The host's table and columns, Doughnut's `note` by default. */
  readonly names: ResolvedNoteTable;
  /** The server's flavour, asked once per store on a reader's connection through `ask`. */
  readonly flavour: (ask: (statement: RawBuilder<unknown>) => Promise<unknown[]>) => Promise<ServerFlavour>;
  /**
   * How pages are ordered for the table's indexes (sibling-order-key.ts), asked once per store
   * through `ask`, inside the snapshot and under the statement limits; results never depend on it.
   */
  readonly siblingOrderKey: (ask: (statement: RawBuilder<unknown>) => Promise<unknown[]>) => Promise<SiblingOrderKey>;
}

/**
 * Reads for one build on one pinned connection, inside a read-only transaction with a
 * consistent snapshot: every read of the build sees the database as it was at its start, while
 * others write. Each batch of requests is one statement, so one round trip.
 *
 * Neither end of the snapshot is waited on by itself. The start is sent as the reader opens and
 * the first read is queued behind it on the connection (mysql2 and Kysely run one connection's
 * statements in order, each after the answer to the one before), so the read runs inside the
 * snapshot; every read also fails if the start failed. The rollback is sent by `close`, which
 * returns at once: the connection goes back to the pool when the rollback is answered, or is
 * destroyed when it fails, and the store's `destroy` waits for that.
 *
 * The server stops any statement after `queryTimeoutMs`; the client does not rely on it. A
 * statement that gets no answer within `queryTimeoutMs + CLIENT_GRACE_MS` (the server froze, or
 * the network dropped the connection without a word), or that is pending when the build's
 * signal aborts, fails at once, and the connection is destroyed rather than returned to the
 * pool. Every later statement fails the same way.
 */
export class MysqlNoteReader implements NoteReader {
  readonly capabilities: ReaderCapabilities = { sizeFilter: true, siblingsPages: true };
  private statements = 0;
  /** The snapshot's start (resolved at once without a snapshot); every read waits on it too. */
  private started: Promise<unknown> = Promise.resolve();
  /** Set by `close`: the rollback, then the connection's return or end. */
  private ending: Promise<void> | undefined;
  private flavour: ServerFlavour = 'mysql';
  private siblingOrderKey: SiblingOrderKey = 'column';
  private names: ResolvedNoteTable | undefined;
  private readonly onAbort = () => this.drop(this.signal!.reason);
  private readonly guarded: GuardedConnection;

  private constructor(
    connection: ReadConnection,
    private readonly scope: ReadScope,
    private readonly queryTimeoutMs: number,
    private readonly signal: AbortSignal | undefined,
    private readonly ended: (ending: Promise<void>) => void,
  ) {
    this.guarded = new GuardedConnection(connection, {
      limitMs: queryTimeoutMs + CLIENT_GRACE_MS,
      unavailable,
      // mysql2 queues the statements of one connection itself.
      oneAtATime: false,
      onDrop: () => signal?.removeEventListener('abort', this.onAbort),
    });
    if (signal?.aborted) this.drop(signal.reason);
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /**
   * Pins a connection and sends the snapshot's start; the connection returns after `close`.
   * Rejects with `signal.reason` as soon as the signal aborts, even while the pool has no
   * connection to give: one that comes later goes straight back. `ended` is handed the end of
   * the reader's work on the connection once `close` starts it.
   */
  static async open(
    source: ConnectionSource,
    scope: ReadScope,
    { queryTimeoutMs, consistentSnapshot, flavour, siblingOrderKey, names }: ReaderSettings,
    ended: (ending: Promise<void>) => void,
    signal?: AbortSignal,
  ): Promise<MysqlNoteReader> {
    signal?.throwIfAborted();
    const acquired = source.acquire().catch((error: unknown) => {
      throw unavailable('cannot reach the database', error);
    });
    const connection = await untilAborted(acquired, signal, (late) => late.release());
    const reader = new MysqlNoteReader(connection, scope, queryTimeoutMs, signal, ended);
    reader.names = names;
    try {
      // Asked by the store's first build only; the reads are written for the flavour.
      reader.flavour = await flavour((statement) => {
        reader.statements++;
        return reader.run(statement, 'cannot reach the database');
      });
    } catch (error) {
      await reader.close();
      throw error;
    }
    // Without the snapshot each statement commits on its own and sees the latest writes.
    if (consistentSnapshot) {
      reader.statements++;
      reader.started = reader.run(sql`START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY`, 'cannot open a read transaction');
      // Reported by the reads that wait on it; a build that reads nothing has nothing to report.
      reader.started.catch(() => undefined);
    }
    // Asked by the store's first build only (a build that cannot ask orders by the column).
    reader.siblingOrderKey = await siblingOrderKey((statement) => {
      reader.statements++;
      return reader.run(reader.withLimits(statement), "cannot read the table's indexes");
    });
    return reader;
  }

  /**
   * Statements the build waited on or sent before it returned: the server's flavour (asked once
   * per store), the snapshot's start and the reads. The rollback is sent after the build's last
   * read and never waited on, so it is not one of them.
   */
  get roundTrips(): number {
    return this.statements;
  }

  async read(requests: readonly CapableReadRequest[]): Promise<readonly (readonly FilteredRecord[])[]> {
    // A dropped reader keeps failing with the reason it was dropped for (an abort's, say).
    if (this.ending && !this.guarded.isDropped) throw new StoreUnavailable('read after the reader was closed');
    this.statements++;
    const reading = this.run(this.withLimits(batchQuery(requests, this.scope, this.names!, this.siblingOrderKey)), 'a note query failed');
    // The start was answered first, so a failed start is what this rejects with.
    const [, rows] = await Promise.all([this.started, reading]);
    return answer(requests, rows.map(checkedRow));
  }

  /**
   * Sends the rollback and returns at once. The connection goes back to the pool once the
   * rollback is answered, and is destroyed when it fails or gets no answer; the signal no
   * longer matters. Never rejects: whatever went wrong was the build's to report.
   */
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
      // Harmless outside a transaction, so sent whether or not a snapshot was started.
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


  /**
   * Server-side limits on every statement: its time, so a slow query ends instead of hanging a
   * build, and its recursion, so an ancestor chain of any depth is read whole (MariaDB's
   * `max_recursive_iterations` would otherwise cut it silently at 1,000, MySQL's
   * `cte_max_recursion_depth` fail it). The chain's recursion ends on its own, cycles included,
   * and the time limit bounds it anyway.
   */
  private withLimits(statement: RawBuilder<unknown>) {
    // A long readable-notebooks list is a table (see batch-query.ts): MariaDB must look it up in
    // a materialised copy, never re-read the list for each row (its in-to-exists plan did, for seconds).
    const readableTable = (this.scope.readableNotebooks?.size ?? 0) > MOST_READABLE_NOTEBOOKS_INLINE;
    if (this.flavour === 'mariadb') {
      const materialised = readableTable ? sql`, optimizer_switch = 'in_to_exists=off'` : sql``;
      return sql`SET STATEMENT max_statement_time = ${sql.lit(this.queryTimeoutMs / 1000)},
        max_recursive_iterations = ${sql.lit(MAX_RECURSION)}${materialised} FOR ${statement}`;
    }
    // MySQL takes the limits as optimizer hints right after the first SELECT keyword; a hint
    // elsewhere is ignored, so the statement is wrapped in one outer SELECT.
    return sql`SELECT /*+ MAX_EXECUTION_TIME(${sql.lit(this.queryTimeoutMs)}) SET_VAR(cte_max_recursion_depth = ${sql.lit(MAX_RECURSION)}) */ * FROM (${statement}) AS batch`;
  }
}

/** The largest value both servers accept for their recursion limits. */
const MAX_RECURSION = 4_294_967_295;

/** Splits one statement's rows back into one list per request, in each request's order. */
function answer(requests: readonly CapableReadRequest[], rows: readonly NoteRow[]): (readonly FilteredRecord[])[] {
  const byRequest = new Map<number, NoteRow[]>();
  const byId = new Map<NoteId, NoteRow>();
  const fullById = new Map<NoteId, NoteRow>();
  const chains = new Map<NoteId, NoteRecord[]>();
  for (const row of rows) {
    if (row.req === NOTES_BY_ID) {
      byId.set(row.id, row);
    } else if (row.req === FULL_NOTES_BY_ID) {
      fullById.set(row.id, row);
    } else if (row.req === ANCESTOR_ROWS) {
      const list = chains.get(row.anchor!) ?? [];
      list.push(recordOfRow(row));
      chains.set(row.anchor!, list);
    } else {
      const list = byRequest.get(row.req) ?? [];
      list.push(row);
      byRequest.set(row.req, list);
    }
  }
  return requests.map((request, index) => {
    switch (request.kind) {
      case 'note': {
        const row = (request.full ? fullById : byId).get(request.id);
        return row ? [recordOfRow(row)] : [];
      }
      case 'ancestors':
        return chains.get(request.id) ?? [];
      case 'children':
      case 'siblings': {
        const sign = request.direction === 'asc' ? 1 : -1;
        // A derived table's order does not survive the union; restore it here.
        return (byRequest.get(index) ?? [])
          .map(recordOfRow)
          .sort((a, b) => sign * compareSiblingKeys(a, b));
      }
      case 'referrings':
        return (byRequest.get(index) ?? []).sort((a, b) => a.id - b.id).map(recordOfRow);
    }
  });
}

/**
 * A row as the core may use it, or `StoreUnavailable` naming the column the driver gave in a form
 * the store cannot use (a BIGINT past ±(2^53 − 1) as an inexact number, from a host's Kysely pool
 * made without mysql2's `supportBigNumbers: true`).
 */
function checkedRow(row: unknown): NoteRow {
  try {
    return parseNoteRow(row);
  } catch (error) {
    const issue = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
    const where = issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'unexpected row';
    throw new StoreUnavailable(`a note row could not be read (${where}); a mysql2 pool needs supportBigNumbers: true`, { cause: error });
  }
}

function unavailable(what: string, error: unknown): StoreUnavailable {
  if (error instanceof StoreUnavailable) return error;
  const reason = error instanceof Error ? error.message : String(error);
  // A refused connection can come as an AggregateError with no message, only a code.
  const code = (error as { code?: unknown } | null)?.code;
  return new StoreUnavailable(`${what}: ${reason.split('\n')[0] || String(code ?? 'unknown error')}`, { cause: error });
}
