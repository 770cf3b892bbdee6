import { sql, type Kysely } from 'kysely';
import type { NoteId, NoteRecord } from '../../model/note-record.js';
import { StoreUnavailable } from '../../errors.js';
import type { NoteReader, ReadRequest, ReadScope } from '../note-store.js';
import { holdConnection } from './held-connection.js';
import { ANCESTOR_ROWS, batchQuery, FULL_NOTES_BY_ID, NOTES_BY_ID } from './batch-query.js';
import { NoteRowSchema, recordOfRow, type NoteRow } from './note-row.js';
import type { NoteDatabase } from './note-table.js';
import type { ServerFlavour } from './server-flavour.js';

/**
 * Reads for one build on one pinned connection, inside a read-only transaction with a
 * consistent snapshot: every read of the build sees the database as it was at its start, while
 * others write. Each batch of requests is one statement, so one round trip.
 */
export class MysqlNoteReader implements NoteReader {
  private statements = 0;
  private closed = false;

  private constructor(
    private readonly connection: Kysely<NoteDatabase>,
    private readonly scope: ReadScope,
    private readonly flavour: ServerFlavour,
    private readonly queryTimeoutMs: number,
    private readonly release: () => Promise<void>,
  ) {}

  /** Pins a pooled connection and starts the snapshot; the connection returns on `close`. */
  static async open(
    db: Kysely<NoteDatabase>,
    scope: ReadScope,
    flavour: ServerFlavour,
    { queryTimeoutMs, consistentSnapshot }: { queryTimeoutMs: number; consistentSnapshot: boolean },
  ): Promise<MysqlNoteReader> {
    // Without the snapshot each statement commits on its own and sees the latest writes.
    const held = await holdConnection(
      db,
      (connection) => (consistentSnapshot ? sql`START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY` : sql`DO 0`).execute(connection),
      // The snapshot is over whatever happens to the rollback; a broken connection is the pool's.
      (connection) => (consistentSnapshot ? sql`ROLLBACK` : sql`DO 0`).execute(connection),
    ).catch((error: unknown) => {
      throw unavailable('cannot open a read transaction', error);
    });
    if (!held) throw new StoreUnavailable('the database connection ended before the build started');
    const { connection, release } = held;
    return new MysqlNoteReader(connection, scope, flavour, queryTimeoutMs, release);
  }

  /** Start, the reads so far and the rollback that `close` will send. */
  get roundTrips(): number {
    return this.statements + 2;
  }

  async read(requests: readonly ReadRequest[]): Promise<readonly (readonly NoteRecord[])[]> {
    if (this.closed) throw new StoreUnavailable('read after the reader was closed');
    const statement = this.withLimits(batchQuery(requests, this.scope));
    this.statements++;
    let rows: unknown[];
    try {
      rows = (await statement.execute(this.connection)).rows;
    } catch (error) {
      throw unavailable('a note query failed', error);
    }
    return answer(requests, rows.map((row) => NoteRowSchema.parse(row)));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.release();
  }

  /**
   * Server-side limits on every statement: its time, so a slow query ends instead of hanging a
   * build, and its recursion, so an ancestor chain of any depth is read whole (MariaDB's
   * `max_recursive_iterations` would otherwise cut it silently at 1,000, MySQL's
   * `cte_max_recursion_depth` fail it). The chain's recursion ends on its own, cycles included,
   * and the time limit bounds it anyway.
   */
  private withLimits(statement: ReturnType<typeof batchQuery>) {
    if (this.flavour === 'mariadb') {
      return sql`SET STATEMENT max_statement_time = ${sql.lit(this.queryTimeoutMs / 1000)},
        max_recursive_iterations = ${sql.lit(MAX_RECURSION)} FOR ${statement}`;
    }
    // MySQL takes the limits as optimizer hints right after the first SELECT keyword; a hint
    // elsewhere is ignored, so the statement is wrapped in one outer SELECT.
    return sql`SELECT /*+ MAX_EXECUTION_TIME(${sql.lit(this.queryTimeoutMs)}) SET_VAR(cte_max_recursion_depth = ${sql.lit(MAX_RECURSION)}) */ * FROM (${statement}) AS batch`;
  }
}

/** The largest value both servers accept for their recursion limits. */
const MAX_RECURSION = 4_294_967_295;

/** Splits one statement's rows back into one list per request, in each request's order. */
function answer(requests: readonly ReadRequest[], rows: readonly NoteRow[]): (readonly NoteRecord[])[] {
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
      case 'children': {
        const sign = request.direction === 'asc' ? 1 : -1;
        // A derived table's order does not survive the union; restore it here.
        return (byRequest.get(index) ?? [])
          .sort((a, b) => sign * (a.sibling_order - b.sibling_order || a.id - b.id))
          .map(recordOfRow);
      }
      case 'referrings':
        return (byRequest.get(index) ?? []).sort((a, b) => a.id - b.id).map(recordOfRow);
    }
  });
}

function unavailable(what: string, error: unknown): StoreUnavailable {
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailable(`${what}: ${reason.split('\n')[0]}`, { cause: error });
}
