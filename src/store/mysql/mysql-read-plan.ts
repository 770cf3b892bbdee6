import { sql, type RawBuilder } from 'kysely';
import { compareSiblingKeys } from '../../model/note-record.js';
import { StoreUnavailable } from '../../errors.js';
import type { ReadScope } from '../note-store.js';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';
import type { ReadPlan } from '../sql/sql-note-reader.js';
import { readableAsTable } from '../sql/most-readable-notebooks-inline.js';
import { mysqlDialect } from './mysql-dialect.js';
import type { PageRequest } from '../page-request.js';
import { batchReads, type PageEntry } from '../sql/batch-reads.js';
import { parseNoteRow, type NoteRow } from './note-row.js';
import type { ServerFlavour } from './server-flavour.js';
import type { SiblingOrderKey } from './sibling-order-key.js';

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
 * How a MySQL or MariaDB reader opens (see SqlNoteReader): it asks the server's flavour (once per
 * store), starts a consistent snapshot, read-only, unless told not to (without it each statement
 * commits on its own and sees the latest writes), and asks how to order pages (once per store).
 * mysql2 and Kysely run one connection's statements in order, each after the answer to the one
 * before, so the reads run inside the snapshot. Each batch is one statement under the server's
 * limits ({@link withLimits}).
 */
export function mysqlReadPlan(scope: ReadScope, settings: ReaderSettings): ReadPlan {
  const { queryTimeoutMs } = settings;
  return {
    queryTimeoutMs,
    open: async (session) => {
      // Asked by the store's first build only; the reads are written for the flavour.
      const flavour = await settings.flavour((statement) => session.send(statement, 'cannot reach the database'));
      if (settings.consistentSnapshot) session.begin(sql`START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY`, 'cannot open a read transaction');
      const limited = (statement: RawBuilder<unknown>) => withLimits(statement, flavour, queryTimeoutMs, scope);
      // Asked by the store's first build only (a build that cannot ask orders by the column).
      const key = await settings.siblingOrderKey((statement) => session.send(limited(statement), "cannot read the table's indexes"));
      // A derived table's order does not survive the union; restore it here.
      const pageOrder = (request: PageRequest) => (a: PageEntry<NoteRow>, b: PageEntry<NoteRow>) =>
        request.kind === 'referrings' ? a.row.id - b.row.id : (request.direction === 'asc' ? 1 : -1) * compareSiblingKeys(a.record, b.record);
      return batchReads(scope, mysqlDialect(key), settings.names, checkedRow, pageOrder, limited);
    },
  };
}

/**
 * Server-side limits on every statement: its time, so a slow query ends instead of hanging a
 * build, and its recursion, so an ancestor chain of any depth is read whole (MariaDB's
 * `max_recursive_iterations` would otherwise cut it silently at 1,000, MySQL's
 * `cte_max_recursion_depth` fail it). The chain's recursion ends on its own, cycles included,
 * and the time limit bounds it anyway.
 */
function withLimits(statement: RawBuilder<unknown>, flavour: ServerFlavour, queryTimeoutMs: number, scope: ReadScope): RawBuilder<unknown> {
  // A long readable-notebooks list is a table (see batch-statement.ts): MariaDB must look it up in
  // a materialised copy, never re-read the list for each row (its in-to-exists plan did, for seconds).
  const readableTable = readableAsTable(scope);
  if (flavour === 'mariadb') {
    const materialised = readableTable ? sql`, optimizer_switch = 'in_to_exists=off'` : sql``;
    return sql`SET STATEMENT max_statement_time = ${sql.lit(queryTimeoutMs / 1000)},
      max_recursive_iterations = ${sql.lit(MAX_RECURSION)}${materialised} FOR ${statement}`;
  }
  // MySQL takes the limits as optimizer hints right after the first SELECT keyword; a hint
  // elsewhere is ignored, so the statement is wrapped in one outer SELECT.
  return sql`SELECT /*+ MAX_EXECUTION_TIME(${sql.lit(queryTimeoutMs)}) SET_VAR(cte_max_recursion_depth = ${sql.lit(MAX_RECURSION)}) */ * FROM (${statement}) AS batch`;
}

/** The largest value both servers accept for their recursion limits. */
const MAX_RECURSION = 4_294_967_295;

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
