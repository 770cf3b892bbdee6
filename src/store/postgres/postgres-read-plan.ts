import { sql } from 'kysely';
import type { ReadScope } from '../note-store.js';
import { batchReads } from '../sql/batch-reads.js';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';
import type { ReadPlan } from '../sql/sql-note-reader.js';
import { POSTGRES_DIALECT } from './postgres-dialect.js';
import { PostgresNoteRowSchema } from './postgres-note-row.js';
import type { RunStatement } from '../sql/read-connection.js';

export interface PostgresReaderSettings {
  readonly queryTimeoutMs: number;
  readonly names: ResolvedNoteTable;
  /**
   * RunStatement once per store, on the first reader's connection inside its snapshot (so under its
   * `statement_timeout`): the table's check. Given `outside`, it runs statements of its own
   * after the snapshot was rolled back (a failed statement ends a PostgreSQL transaction).
   */
  readonly prepare: (run: RunStatement, outside: RunStatement) => Promise<void>;
}

/**
 * How a PostgreSQL reader opens (see SqlNoteReader): a read-only REPEATABLE READ transaction,
 * every read of the build seeing the database as it was at its first statement, while others
 * write. The snapshot's start is sent as the reader opens, not waited on: pg runs a client's
 * queries in order, so the first read runs inside it, and fails if it failed. The same text sets
 * the transaction's `statement_timeout`, so the server stops any read after `queryTimeoutMs`.
 *
 * It serves both extended requests (`readExtended`): first pages of siblings, and pages read with a size
 * filter (sql/batch-statement.ts); bench/postgres-capability-gains.ts measures what they buy.
 */
export function postgresReadPlan(scope: ReadScope, settings: PostgresReaderSettings): ReadPlan {
  return {
    queryTimeoutMs: settings.queryTimeoutMs,
    open: async (session) => {
      const timeout = sql.lit(settings.queryTimeoutMs);
      const started = session.begin(
        sql`BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY; SET LOCAL statement_timeout = ${timeout}`,
        'cannot open a read transaction',
      );
      let rolledBack: Promise<unknown> | undefined;
      await settings.prepare(
        async (statement) => {
          const [, rows] = await Promise.all([started, session.send(statement, 'cannot read the notes table')]);
          return rows;
        },
        async (statement) => {
          rolledBack ??= session.send(sql`ROLLBACK`, 'cannot end the read transaction', false);
          await rolledBack;
          return session.send(statement, 'cannot read the notes table', false);
        },
      );
      return batchReads(scope, POSTGRES_DIALECT, settings.names, (row) => PostgresNoteRowSchema.parse(row), () => (a, b) => a.row.pos - b.row.pos);
    },
  };
}
