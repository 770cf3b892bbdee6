import { sql } from 'kysely';
import type { ReadScope } from '../note-store.js';
import { batchReads } from '../sql/batch-reads.js';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';
import type { ReadPlan } from '../sql/sql-note-reader.js';
import { POSTGRES_DIALECT } from './postgres-dialect.js';
import { PostgresNoteRowSchema } from './postgres-note-row-schema.js';
import type { RunStatement } from '../sql/read-connection.js';

export interface PostgresReaderSettings {
  readonly queryTimeoutMs: number;
  readonly names: ResolvedNoteTable;
  /**
   * The table's check, inside the snapshot (under its `statement_timeout`); `outside` runs its
   * probes after a rollback, since a failed statement ends a PostgreSQL transaction.
   */
  readonly prepare: (run: RunStatement, outside: RunStatement) => Promise<void>;
}

/** How a PostgreSQL reader opens: a read-only REPEATABLE READ snapshot whose `statement_timeout` bounds every read. */
export function postgresReadPlan(scope: ReadScope, settings: PostgresReaderSettings): ReadPlan {
  return {
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
