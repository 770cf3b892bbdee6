import { sql, type Kysely, type RawBuilder } from 'kysely';
import pg from 'pg';
import * as z from 'zod';
import { expecting, validated } from '../../note-context-error.js';
import type { ReadScope } from '../note-store.js';
import { explainMissingName, mappedColumnsProbe } from '../sql/explain-missing-name.js';
import { NoteTableNamesSchema } from '../sql/note-table-names.js';
import { SqlNoteStore } from '../sql/sql-note-store.js';
import { SQL_STORE_OPTION_FIELDS } from '../sql/sql-store-option-fields.js';
import { POSTGRES_DIALECT } from './postgres-dialect.js';
import { kyselySource } from '../sql/kysely-source.js';
import { postgresPoolSource, type PostgresReadPool } from './postgres-pool-source.js';
import { batchReads } from '../sql/batch-reads.js';
import { exactOrder, noteColumnsSchema } from '../sql/sql-note-row.js';
import type { BatchReads, ReaderSession } from '../sql/sql-note-reader.js';
import { parsePostgresUrl } from './parse-postgres-url.js';
import type { RunStatement } from '../sql/read-connection.js';

// pg gives INT as a number and BIGINT as text: a host's table may use either for ids.
const id = z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int());

/** A PostgreSQL batch row (see `SqlNoteRow`); the statement orders a request's rows by `pos`. */
const PostgresNoteRowSchema = z.object({
  req: z.number().int(), anchor: z.union([z.null(), id]), pos: z.number().int(),
  left_out_before: z.number().int().nullable(), left_out: z.boolean().nullable(),
  // The sibling order as text, so a BIGINT is never rounded on the way.
  ...noteColumnsSchema(id, z.string().regex(/^-?[0-9]+$/).nullable().transform((order) => (order === null ? null : exactOrder(BigInt(order))))),
});

export const PostgresStoreOptionsSchema = z.strictObject({ ...SQL_STORE_OPTION_FIELDS, ...NoteTableNamesSchema.shape }, { error: expecting('an options object') });

export type PostgresStoreOptions = z.input<typeof PostgresStoreOptionsSchema>;

/** Reads notes from PostgreSQL, never writing, over a pg pool or a `Kysely`; a missing mapped column fails each build, naming it. */
export class PostgresNoteStore extends SqlNoteStore<z.output<typeof PostgresStoreOptionsSchema>> {
  private checked: Promise<void> | undefined;

  constructor(db: Kysely<any> | PostgresReadPool, options: PostgresStoreOptions = {}, ownsDb = false) {
    const source = 'connect' in db && typeof db.connect === 'function' ? postgresPoolSource(db as PostgresReadPool) : kyselySource(db as Kysely<any>);
    super(source, POSTGRES_DIALECT, validated(PostgresStoreOptionsSchema, options, 'postgres options'), ownsDb);
  }

  /** A store over its own pool, made from `postgres://user:password@host:port/database?sslmode=…`. */
  static fromUrl(url: string, options: PostgresStoreOptions = {}): PostgresNoteStore {
    const settings = parsePostgresUrl(url);
    const { poolSize, connectTimeoutMs } = validated(PostgresStoreOptionsSchema, options, 'postgres options');
    const pool = new pg.Pool({ ...settings, max: poolSize, connectionTimeoutMillis: connectTimeoutMs });
    // An idle client whose server went away is dropped by the pool; the error is not the host's.
    pool.on('error', () => undefined);
    return new PostgresNoteStore(pool, options, true);
  }

  /** A store over a pg pool (or anything shaped like one) that the host already has. */
  static fromPool(pool: PostgresReadPool, options: PostgresStoreOptions = {}, ownsPool = false): PostgresNoteStore {
    return new PostgresNoteStore(pool, options, ownsPool);
  }

  /** A read-only snapshot whose `statement_timeout` bounds every read, the table checked in it (probed after a rollback). */
  protected override async openReads(scope: ReadScope, queryTimeoutMs: number, session: ReaderSession): Promise<BatchReads> {
    const begin = sql`BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY; SET LOCAL statement_timeout = ${sql.lit(queryTimeoutMs)}`;
    const started = session.begin(begin, 'cannot open a read transaction');
    let rolledBack: Promise<unknown> | undefined;
    await this.checkTable(
      (statement) => Promise.all([started, session.send(statement, 'cannot read the notes table')]).then(([, rows]) => rows),
      async (statement) => {
        rolledBack ??= session.send(sql`ROLLBACK`, 'cannot end the read transaction', false);
        await rolledBack;
        return session.send(statement, 'cannot read the notes table', false);
      },
    );
    return batchReads(scope, POSTGRES_DIALECT, this.names, (row) => PostgresNoteRowSchema.parse(row));
  }

  /** A search in a read-only transaction of its own under `statement_timeout`, ended whatever it did. */
  protected override async searchSender(run: RunStatement) {
    await this.checkTable(run, run);
    return (select: RawBuilder<unknown>) =>
      run(sql`BEGIN READ ONLY; SET LOCAL statement_timeout = ${sql.lit(this.searchTimeoutMs)}`)
        .then(() => run(select))
        .finally(() => run(sql`ROLLBACK`).catch(() => undefined));
  }

  /** Once per store when it passes; a failed check is made again by the next build. */
  private checkTable(run: RunStatement, outside: RunStatement): Promise<void> {
    if (this.checked) return this.checked;
    const explain = (error: unknown) => explainMissingName(outside, this.names, 'postgres', error);
    this.checked = run(mappedColumnsProbe(this.names)).then(() => undefined, explain);
    this.checked.catch(() => (this.checked = undefined));
    return this.checked;
  }
}
