import { sql, type RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../errors.js';
import type { NoteId } from '../../model/note-record.js';
import type { ReadScope } from '../note-store.js';
import type { CapableReadRequest } from '../reader-capabilities.js';
import type { FilteredRecord } from '../size-filter.js';
import type { ResolvedNoteTable } from '../sql/note-table-names.js';
import type { ReadPlan } from '../sql/sql-note-reader.js';
import { ANCESTOR_ROWS, FULL_NOTES_BY_ID, NOTES_BY_ID, postgresBatchQuery } from './postgres-batch-query.js';
import { PostgresNoteRowSchema, recordOfPostgresRow, type PostgresNoteRow } from './postgres-note-row.js';

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
 * How a PostgreSQL reader opens (see SqlNoteReader): a read-only REPEATABLE READ transaction,
 * every read of the build seeing the database as it was at its first statement, while others
 * write. The snapshot's start is sent as the reader opens, not waited on: pg runs a client's
 * queries in order, so the first read runs inside it, and fails if it failed. The same text sets
 * the transaction's `statement_timeout`, so the server stops any read after `queryTimeoutMs`.
 *
 * It serves both optional capabilities: first pages of siblings, and pages read with a size
 * filter (postgres-batch-query.ts); bench/postgres-capability-gains.ts measures what each buys.
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
      return {
        statement: (requests) => postgresBatchQuery(requests, scope, settings.names),
        answer: (requests, rows) => answer(requests, rows.map((row) => PostgresNoteRowSchema.parse(row))),
      };
    },
  };
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
