import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createPool } from 'mysql2';
import { z } from 'zod';
import { expecting, StoreUnavailable } from '../../note-context-error.js';
import type { ReadScope } from '../note-store.js';
import { mysqlPoolSource, type MysqlReadPool } from './mysql-pool-source.js';
import { kyselySource } from '../sql/kysely-source.js';
import { SqlNoteStore } from '../sql/sql-note-store.js';
import { parseStoreOptions, SQL_STORE_OPTION_FIELDS } from '../sql/sql-store-option-fields.js';
import { MYSQL_DIALECT } from './mysql-dialect.js';
import { mysqlReadPlan, type ReaderSettings } from './mysql-read-plan.js';
import type { ReadPlan } from '../sql/sql-note-reader.js';
import { parseMysqlUrl } from './parse-mysql-url.js';
import type { NoteDatabase } from './note-table.js';
import type { ServerFlavour } from './server-flavour.js';
import { siblingOrderIndexProbe, siblingOrderKeyOf, type SiblingOrderColumns, type SiblingOrderKey } from './sibling-order-key.js';
import { explainMissingName, mappedColumnsProbe } from '../sql/explain-missing-name.js';
import { isDoughnutTable, NoteTableNamesSchema } from '../sql/note-table-names.js';
import type { RunStatement } from '../sql/read-connection.js';

export const MysqlStoreOptionsSchema = z.strictObject(
  {
    ...SQL_STORE_OPTION_FIELDS,
    /** Read each build inside one consistent snapshot (default true); only a test turns it off. */
    consistentSnapshot: z.boolean({ error: expecting('true or false') }).default(true),
    /** Order pages for the indexes the table has (default true, see sibling-order-key.ts); only the plan changes. */
    indexAwarePages: z.boolean({ error: expecting('true or false') }).default(true),
    /** A host's own table and column names (`table`, `columns`); Doughnut's by default. */
    ...NoteTableNamesSchema.shape,
  },
  { error: expecting('an options object') },
);

export type MysqlStoreOptions = z.input<typeof MysqlStoreOptionsSchema>;

/**
 * Reads notes from a Doughnut database (or a host's own table), never writing, over the host's
 * mysql2 pool or its `Kysely` instance (typed against {@link NoteDatabase}). Given the pool, an
 * aborted or stalled build destroys its connection; over Kysely it can only give it up (see
 * kysely-source.ts).
 */
export class MysqlNoteStore extends SqlNoteStore<z.output<typeof MysqlStoreOptionsSchema>> {
  private flavour: ServerFlavour | undefined;
  private siblingOrderKey: SiblingOrderKey | undefined;
  private readonly readerSettings: Omit<ReaderSettings, 'queryTimeoutMs'>;

  constructor(db: Kysely<NoteDatabase> | MysqlReadPool, options: MysqlStoreOptions = {}, ownsDb = false) {
    const parsed = parseStoreOptions(MysqlStoreOptionsSchema, options, 'mysql options');
    super('getConnection' in db ? mysqlPoolSource(db) : kyselySource(db), MYSQL_DIALECT, parsed, ownsDb);
    this.readerSettings = { ...this.options, names: this.names, flavour: (ask) => this.serverFlavour(ask), siblingOrderKey: (ask) => this.pageOrderKey(ask) };
  }

  /** A store over its own pool, made from `mysql://user:password@host:port/database`. */
  static fromUrl(url: string, options: MysqlStoreOptions = {}): MysqlNoteStore {
    const settings = parseMysqlUrl(url);
    const { poolSize, connectTimeoutMs } = parseStoreOptions(MysqlStoreOptionsSchema, options, 'mysql options');
    const pool = createPool({ ...settings, connectionLimit: poolSize, connectTimeout: connectTimeoutMs, charset: 'utf8mb4', supportBigNumbers: true });
    return MysqlNoteStore.fromPool(pool, options, true);
  }

  /** A store over a mysql2 pool (or anything shaped like one) that the host already has. */
  static fromPool(pool: MysqlReadPool, options: MysqlStoreOptions = {}, ownsPool = false): MysqlNoteStore {
    return new MysqlNoteStore(pool, options, ownsPool);
  }

  protected override readPlan(scope: ReadScope, queryTimeoutMs: number): ReadPlan {
    return mysqlReadPlan(scope, { ...this.readerSettings, queryTimeoutMs });
  }

  /** A search under the server-side time limit {@link searchTimeoutMs}. */
  protected override async searchSender(run: RunStatement) {
    const flavour = await this.serverFlavour(run);
    const queryTimeoutMs = this.searchTimeoutMs;
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

  /** Asked once per store; a build whose question fails orders by the column and leaves it unknown. */
  private async pageOrderKey(ask: RunStatement): Promise<SiblingOrderKey> {
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
   * Asked once per store; with a host's own names the same statement checks every mapped column
   * (a missing one fails the build, naming it). Doughnut's table is not read: a lock cannot hold it.
   */
  private async serverFlavour(ask: RunStatement): Promise<ServerFlavour> {
    if (!this.flavour) {
      const probe = isDoughnutTable(this.names)
        ? sql`SELECT VERSION() AS version`
        : sql`SELECT VERSION() AS version, (SELECT COUNT(*) FROM (${mappedColumnsProbe(this.names)}) AS mapped) AS mapped`;
      const [row] = await ask(probe).catch((error: unknown) => explainMissingName(ask, this.names, 'mysql', error));
      this.flavour = /mariadb/i.test(String((row as { version?: unknown } | undefined)?.version ?? '')) ? 'mariadb' : 'mysql';
    }
    return this.flavour;
  }
}
