import { sql, type RawBuilder } from 'kysely';
import { compareSiblingKeys } from '../../model/note-record.js';
import { StoreUnavailable } from '../../note-context-error.js';
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
import type { RunStatement } from '../sql/read-connection.js';

export interface ReaderSettings {
  readonly queryTimeoutMs: number;
  readonly consistentSnapshot: boolean;
  /** The host's table and columns, Doughnut's `note` by default. */
  readonly names: ResolvedNoteTable;
  /** The server's flavour, asked once per store through `ask`. */
  readonly flavour: (ask: RunStatement) => Promise<ServerFlavour>;
  /** How pages are ordered for the table's indexes (sibling-order-key.ts), asked once per store through `ask`. */
  readonly siblingOrderKey: (ask: RunStatement) => Promise<SiblingOrderKey>;
}

/**
 * How a MySQL or MariaDB reader opens: the server's flavour, a read-only consistent snapshot
 * (unless turned off), how to order pages; each batch one statement under {@link withLimits}.
 */
export function mysqlReadPlan(scope: ReadScope, settings: ReaderSettings): ReadPlan {
  const { queryTimeoutMs } = settings;
  return {
    open: async (session) => {
      const flavour = await settings.flavour((statement) => session.send(statement, 'cannot reach the database'));
      if (settings.consistentSnapshot) session.begin(sql`START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY`, 'cannot open a read transaction');
      const limited = (statement: RawBuilder<unknown>) => withLimits(statement, flavour, queryTimeoutMs, scope);
      const key = await settings.siblingOrderKey((statement) => session.send(limited(statement), "cannot read the table's indexes"));
      // A derived table's order does not survive the union; restore it here.
      const pageOrder = (request: PageRequest) => (a: PageEntry<NoteRow>, b: PageEntry<NoteRow>) =>
        request.kind === 'referrings' ? a.row.id - b.row.id : (request.direction === 'asc' ? 1 : -1) * compareSiblingKeys(a.record, b.record);
      return batchReads(scope, mysqlDialect(key), settings.names, checkedRow, pageOrder, limited);
    },
  };
}

/**
 * Server-side limits on every statement: its time, and its recursion, so an ancestor chain of any
 * depth is read whole (MariaDB would cut it silently at 1,000, MySQL fail it).
 */
function withLimits(statement: RawBuilder<unknown>, flavour: ServerFlavour, queryTimeoutMs: number, scope: ReadScope): RawBuilder<unknown> {
  if (flavour === 'mariadb') {
    // A long readable-notebooks list is a table; MariaDB's in-to-exists plan re-read it for each row, for seconds.
    const materialised = readableAsTable(scope) ? sql`, optimizer_switch = 'in_to_exists=off'` : sql``;
    return sql`SET STATEMENT max_statement_time = ${sql.lit(queryTimeoutMs / 1000)},
      max_recursive_iterations = ${sql.lit(MAX_RECURSION)}${materialised} FOR ${statement}`;
  }
  // MySQL takes optimizer hints only right after the first SELECT keyword.
  return sql`SELECT /*+ MAX_EXECUTION_TIME(${sql.lit(queryTimeoutMs)}) SET_VAR(cte_max_recursion_depth = ${sql.lit(MAX_RECURSION)}) */ * FROM (${statement}) AS batch`;
}

/** The largest value both servers accept for their recursion limits. */
const MAX_RECURSION = 4_294_967_295;

/** A row as the core may use it, or `StoreUnavailable` naming the column the driver gave in a form it cannot use (an inexact BIGINT). */
function checkedRow(row: unknown): NoteRow {
  try {
    return parseNoteRow(row);
  } catch (error) {
    const issue = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
    const where = issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'unexpected row';
    throw new StoreUnavailable(`a note row could not be read (${where}); a mysql2 pool needs supportBigNumbers: true`, { cause: error });
  }
}
