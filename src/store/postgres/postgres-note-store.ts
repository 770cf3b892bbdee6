import { sql, type Kysely, type RawBuilder } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { expecting, ValidationError } from '../../errors.js';
import type { ReadScope } from '../note-store.js';
import { explainMissingName, mappedColumnsProbe } from '../sql/explain-missing-name.js';
import { NoteTableNamesSchema } from '../sql/note-table-names.js';
import { SqlNoteStore } from '../sql/sql-note-store.js';
import { SQL_STORE_OPTION_FIELDS } from '../sql/sql-store-option-fields.js';
import { POSTGRES_DIALECT } from './postgres-dialect.js';
import { kyselySource } from '../sql/kysely-source.js';
import { postgresPoolSource, type PostgresReadPool } from './postgres-pool-source.js';
import { postgresReadPlan } from './postgres-read-plan.js';
import type { ReadPlan } from '../sql/sql-note-reader.js';
import { parsePostgresUrl } from './parse-postgres-url.js';

export const PostgresStoreOptionsSchema = z.strictObject(
  {
    ...SQL_STORE_OPTION_FIELDS,
    ...NoteTableNamesSchema.shape,
  },
  { error: expecting('an options object') },
);

export type PostgresStoreOptions = z.input<typeof PostgresStoreOptionsSchema>;

/**
 * Reads notes from a PostgreSQL database: Doughnut's `note` table translated column for column
 * (as `loadFixture` creates it), or a host's own table and columns (`table`, `columns`). It
 * never writes. It takes the host's pg pool or its own `Kysely` instance (over kysely's
 * `PostgresDialect`); the CLI makes a pool from a `postgres://` URL.
 *
 * Each build reads one REPEATABLE READ, READ ONLY snapshot on one connection, each batch of
 * requests in one statement. Given the pool, a build that is aborted, or whose connection stops
 * answering, destroys its connection; over a Kysely instance such a connection is only given up
 * on, and returns to the pool once its statement ends (Kysely offers no way to close one).
 *
 * On its first build the store checks, in one statement, that the table has every mapped
 * column; a name that is not there fails that build (and each next, until it is) with one
 * `StoreUnavailable` naming it.
 */
export class PostgresNoteStore extends SqlNoteStore<z.output<typeof PostgresStoreOptionsSchema>> {
  private checked: Promise<void> | undefined;

  constructor(db: Kysely<any> | PostgresReadPool, options: PostgresStoreOptions = {}, ownsDb = false) {
    const source = 'connect' in db && typeof db.connect === 'function' ? postgresPoolSource(db as PostgresReadPool) : kyselySource(db as Kysely<any>);
    super(source, POSTGRES_DIALECT, parseOptions(options), ownsDb);
  }

  /** A store over its own pool, made from `postgres://user:password@host:port/database?sslmode=…`. */
  static fromUrl(url: string, options: PostgresStoreOptions = {}): PostgresNoteStore {
    const settings = parsePostgresUrl(url);
    const resolved = parseOptions(options);
    const pool = new pg.Pool({ ...settings, max: resolved.poolSize, connectionTimeoutMillis: resolved.connectTimeoutMs });
    // An idle client whose server went away is dropped by the pool; the error is not the host's.
    pool.on('error', () => undefined);
    return new PostgresNoteStore(pool, options, true);
  }

  /** A store over a pg pool (or anything shaped like one) that the host already has. */
  static fromPool(pool: PostgresReadPool, options: PostgresStoreOptions = {}, ownsPool = false): PostgresNoteStore {
    return new PostgresNoteStore(pool, options, ownsPool);
  }

  protected override readPlan(scope: ReadScope): ReadPlan {
    return postgresReadPlan(scope, { queryTimeoutMs: this.options.queryTimeoutMs, names: this.names, prepare: (run, outside) => this.checkTable(run, outside) });
  }

  /** A search in a read-only transaction of its own under `statement_timeout`, ended whatever it did. */
  protected override async searchSender(run: (statement: RawBuilder<unknown>) => Promise<unknown[]>) {
    await this.checkTable(run, run);
    return (select: RawBuilder<unknown>) =>
      run(sql`BEGIN READ ONLY; SET LOCAL statement_timeout = ${sql.lit(this.options.queryTimeoutMs)}`)
        .then(() => run(select))
        .finally(() => run(sql`ROLLBACK`).catch(() => undefined))
        .catch((error: unknown) => {
          throw this.dialect.unavailable('a note search failed', error);
        });
  }

  /** Once per store when it passes; a failed check is made again by the next build. */
  private checkTable(
    run: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
    outside: (statement: RawBuilder<unknown>) => Promise<unknown[]>,
  ): Promise<void> {
    if (!this.checked) {
      const checking = run(mappedColumnsProbe(this.names)).then(
        () => undefined,
        (error: unknown) => explainMissingName(outside, this.names, 'postgres', error),
      );
      this.checked = checking;
      checking.catch(() => {
        if (this.checked === checking) this.checked = undefined;
      });
      return checking;
    }
    return this.checked.then(() => undefined);
  }
}

function parseOptions(options: PostgresStoreOptions): z.output<typeof PostgresStoreOptionsSchema> {
  const parsed = PostgresStoreOptionsSchema.safeParse(options);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'postgres options');
  return parsed.data;
}
