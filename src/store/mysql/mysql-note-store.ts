import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createPool } from 'mysql2';
import { z } from 'zod';
import { expecting, StoreUnavailable, ValidationError } from '../../errors.js';
import type { ReadScope } from '../note-store.js';
import { mysqlPoolSource, type MysqlReadPool } from './mysql-pool-source.js';
import { kyselySource } from '../sql/kysely-source.js';
import { SqlNoteStore } from '../sql/sql-note-store.js';
import { SQL_STORE_OPTION_FIELDS } from '../sql/sql-store-option-fields.js';
import { MYSQL_DIALECT } from './mysql-dialect.js';
import { mysqlReadPlan, type ReaderSettings } from './mysql-read-plan.js';
import type { ReadPlan } from '../sql/sql-note-reader.js';
import { parseMysqlUrl } from './parse-mysql-url.js';
import type { NoteDatabase } from './note-table.js';
import type { ServerFlavour } from './server-flavour.js';
import { siblingOrderIndexProbe, siblingOrderKeyOf, type SiblingOrderColumns, type SiblingOrderKey } from './sibling-order-key.js';
import { explainMissingName, mappedColumnsProbe } from '../sql/explain-missing-name.js';
import { isDoughnutTable, NoteTableNamesSchema } from '../sql/note-table-names.js';

export const MysqlStoreOptionsSchema = z.strictObject(
  {
    ...SQL_STORE_OPTION_FIELDS,
    /**
     * Read each build inside one consistent snapshot (default true). Only a test turns it off, to
     * show what the snapshot protects a build from.
     */
    consistentSnapshot: z.boolean({ error: expecting('true or false') }).default(true),
    /**
     * Write pages of a parent's children for the indexes the note table has (default true): the
     * store's first build reads them from information_schema, and without an index leading with
     * (parent_id, sibling_order), as in Doughnut's own schema, pages are ordered so the server
     * sorts a parent's children rather than walk an index on `sibling_order` alone. Only the plan
     * changes, never the rows; tests turn it off to compare.
     */
    indexAwarePages: z.boolean({ error: expecting('true or false') }).default(true),
    /** A host's own table and column names (`table`, `columns`); Doughnut's by default. */
    ...NoteTableNamesSchema.shape,
  },
  { error: expecting('an options object') },
);

export type MysqlStoreOptions = z.input<typeof MysqlStoreOptionsSchema>;

/**
 * Reads notes from a Doughnut database. It never writes. It takes the host's mysql2 pool, or
 * the host's own `Kysely` instance (typed against {@link NoteDatabase}); the CLI and tests may
 * make a pool from a `mysql://` URL.
 *
 * Given the pool, the store holds each build's connection itself, so a build that is aborted,
 * or whose connection stops answering, destroys that connection and the pool opens a fresh one
 * for the next build. Kysely lends connections only for the length of a callback and offers no
 * way to close one, so over a Kysely instance such a connection is only given up on: it returns
 * to the pool once its statement ends. Statements are written with Kysely either way.
 */
export class MysqlNoteStore extends SqlNoteStore<z.output<typeof MysqlStoreOptionsSchema>> {
  private flavour: ServerFlavour | undefined;
  private siblingOrderKey: SiblingOrderKey | undefined;
  /** What each reader is opened with: the same for every build. */
  private readonly readerSettings: ReaderSettings;

  constructor(db: Kysely<NoteDatabase> | MysqlReadPool, options: MysqlStoreOptions = {}, ownsDb = false) {
    const parsed = MysqlStoreOptionsSchema.safeParse(options);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'mysql options');
    super('getConnection' in db ? mysqlPoolSource(db) : kyselySource(db), MYSQL_DIALECT, parsed.data, ownsDb);
    this.readerSettings = { ...this.options, names: this.names, flavour: (ask) => this.serverFlavour(ask), siblingOrderKey: (ask) => this.pageOrderKey(ask) };
  }

  /** A store over its own pool, made from `mysql://user:password@host:port/database`. */
  static fromUrl(url: string, options: MysqlStoreOptions = {}): MysqlNoteStore {
    const settings = parseMysqlUrl(url);
    const parsed = MysqlStoreOptionsSchema.safeParse(options);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'mysql options');
    const resolved = parsed.data;
    const pool = createPool({
      ...settings,
      connectionLimit: resolved.poolSize,
      connectTimeout: resolved.connectTimeoutMs,
      charset: 'utf8mb4',
      supportBigNumbers: true,
    });
    return MysqlNoteStore.fromPool(pool, options, true);
  }

  /** A store over a mysql2 pool (or anything shaped like one) that the host already has. */
  static fromPool(pool: MysqlReadPool, options: MysqlStoreOptions = {}, ownsPool = false): MysqlNoteStore {
    return new MysqlNoteStore(pool, options, ownsPool);
  }

  protected override readPlan(scope: ReadScope): ReadPlan {
    return mysqlReadPlan(scope, this.readerSettings);
  }

  /** A search under the same server-side time limit as a build's reads. */
  protected override async searchSender(run: (statement: RawBuilder<unknown>) => Promise<unknown[]>) {
    const flavour = await this.serverFlavour(run);
    const { queryTimeoutMs } = this.options;
    return (select: RawBuilder<unknown>) =>
      run(
        flavour === 'mariadb'
          ? sql`SET STATEMENT max_statement_time = ${sql.lit(queryTimeoutMs / 1000)} FOR ${select}`
          : sql`SELECT /*+ MAX_EXECUTION_TIME(${sql.lit(queryTimeoutMs)}) */ * FROM (${select}) AS found ORDER BY CHAR_LENGTH(title), id`,
      ).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        throw new StoreUnavailable(`a note search failed: ${reason}`, { cause: error });
      });
  }

  /**
   * Asked on the first build's connection, once the flavour is known; a build whose question
   * fails orders by the column, as a store that is not index-aware does, and leaves it unknown.
   */
  private async pageOrderKey(ask: (statement: RawBuilder<unknown>) => Promise<unknown[]>): Promise<SiblingOrderKey> {
    if (!this.options.indexAwarePages) return 'column';
    if (!this.siblingOrderKey) {
      try {
        this.siblingOrderKey = siblingOrderKeyOf(await ask(siblingOrderIndexProbe(this.siblingOrderColumns())));
      } catch {
        return 'column';
      }
    }
    return this.siblingOrderKey;
  }

  /** The host's table (its schema, if named) and its parent and sibling-order columns. */
  private siblingOrderColumns(): SiblingOrderColumns {
    const [schema, table] = this.names.table.includes('.') ? this.names.table.split('.') : [undefined, this.names.table];
    return { ...(schema !== undefined && { schema }), table: table!, parent: this.names.columns.parentId, siblingOrder: this.names.columns.siblingOrder };
  }

  /**
   * Asked on the first build's connection; a build that fails before knowing leaves it unknown.
   * With a host's own names, the same statement checks that the table has every mapped column;
   * a missing one fails the build with one message naming it.
   */
  private async serverFlavour(ask: (statement: RawBuilder<unknown>) => Promise<unknown[]>): Promise<ServerFlavour> {
    if (!this.flavour) {
      // Only a host's own names are checked: the version query of Doughnut's table reads no table,
      // so a locked one cannot hold it (only the build's reads carry the server's time limit).
      const probe = isDoughnutTable(this.names)
        ? sql`SELECT VERSION() AS version`
        : sql`SELECT VERSION() AS version, (SELECT COUNT(*) FROM (${mappedColumnsProbe(this.names)}) AS mapped) AS mapped`;
      const [row] = await ask(probe).catch((error: unknown) => explainMissingName(ask, this.names, 'mysql', error));
      this.flavour = /mariadb/i.test(String((row as { version?: unknown } | undefined)?.version ?? '')) ? 'mariadb' : 'mysql';
    }
    return this.flavour;
  }
}
