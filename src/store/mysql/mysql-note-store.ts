import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createPool } from 'mysql2';
import * as z from 'zod';
import { compareSiblingKeys } from '../../model/note-record.js';
import { expecting, validated } from '../../note-context-error.js';
import type { ReadScope } from '../note-store.js';
import { mysqlPoolSource, type MysqlReadPool } from './mysql-pool-source.js';
import { batchReads } from '../sql/batch-reads.js';
import { kyselySource } from '../sql/kysely-source.js';
import { readableAsTable } from '../sql/most-readable-notebooks-inline.js';
import { SqlNoteStore } from '../sql/sql-note-store.js';
import { SQL_STORE_OPTION_FIELDS } from '../sql/sql-store-option-fields.js';
import { MYSQL_DIALECT, mysqlDialect } from './mysql-dialect.js';
import type { BatchReads, ReaderSession } from '../sql/sql-note-reader.js';
import { parseMysqlUrl } from './parse-mysql-url.js';
import { parseNoteRow } from './note-row.js';
import type { NoteDatabase } from './note-table.js';
import { siblingOrderIndexProbe, siblingOrderKeyOf, type SiblingOrderKey } from './sibling-order-key.js';
import { explainMissingName, mappedColumnsProbe } from '../sql/explain-missing-name.js';
import { isDoughnutTable, NoteTableNamesSchema } from '../sql/note-table-names.js';
import type { RunStatement } from '../sql/read-connection.js';

/** MariaDB and MySQL differ in how a statement's time limit is written. */
type ServerFlavour = 'mariadb' | 'mysql';

export const MysqlStoreOptionsSchema = z.strictObject(
  {
    ...SQL_STORE_OPTION_FIELDS,
    /** Read each build inside one consistent snapshot (default true); only a test turns it off. */
    consistentSnapshot: z.boolean({ error: expecting('true or false') }).default(true),
    /** Order pages for the indexes the table has (default true, see sibling-order-key.ts); only the plan changes. */
    indexAwarePages: z.boolean({ error: expecting('true or false') }).default(true),
    ...NoteTableNamesSchema.shape,
  },
  { error: expecting('an options object') },
);

export type MysqlStoreOptions = z.input<typeof MysqlStoreOptionsSchema>;

/** Reads notes from MySQL/MariaDB, never writing, over a mysql2 pool or a `Kysely`; over Kysely a stall only gives up its connection. */
export class MysqlNoteStore extends SqlNoteStore<z.output<typeof MysqlStoreOptionsSchema>> {
  private flavour: ServerFlavour | undefined;
  private siblingOrderKey: SiblingOrderKey | undefined;

  constructor(db: Kysely<NoteDatabase> | MysqlReadPool, options: MysqlStoreOptions = {}, ownsDb = false) {
    const parsed = validated(MysqlStoreOptionsSchema, options, 'mysql options');
    super('getConnection' in db ? mysqlPoolSource(db) : kyselySource(db), MYSQL_DIALECT, parsed, ownsDb);
  }

  /** A store over its own pool, made from `mysql://user:password@host:port/database`. */
  static fromUrl(url: string, options: MysqlStoreOptions = {}): MysqlNoteStore {
    const settings = parseMysqlUrl(url);
    const { poolSize, connectTimeoutMs } = validated(MysqlStoreOptionsSchema, options, 'mysql options');
    const pool = createPool({ ...settings, connectionLimit: poolSize, connectTimeout: connectTimeoutMs, charset: 'utf8mb4', supportBigNumbers: true });
    return MysqlNoteStore.fromPool(pool, options, true);
  }

  /** A store over a mysql2 pool (or anything shaped like one) that the host already has. */
  static fromPool(pool: MysqlReadPool, options: MysqlStoreOptions = {}, ownsPool = false): MysqlNoteStore {
    return new MysqlNoteStore(pool, options, ownsPool);
  }

  /** The server's flavour, a read-only consistent snapshot (unless turned off), the page order; each batch {@link withLimits}. */
  protected override async openReads(scope: ReadScope, queryTimeoutMs: number, session: ReaderSession): Promise<BatchReads> {
    const flavour = await this.serverFlavour((statement) => session.send(statement, 'cannot reach the database'));
    if (this.options.consistentSnapshot) session.begin(sql`START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY`, 'cannot open a read transaction');
    const limited = (statement: RawBuilder<unknown>) => withLimits(statement, flavour, queryTimeoutMs, scope);
    const key = await this.pageOrderKey((statement) => session.send(limited(statement), "cannot read the table's indexes"));
    // A derived table's order does not survive the union; restore it here.
    const reads = batchReads(scope, mysqlDialect(key), this.names, parseNoteRow, limited, (request) => (a, b) =>
      request.kind === 'referrings' ? a.id - b.id : (request.direction === 'asc' ? 1 : -1) * compareSiblingKeys(a, b));
    return { ...reads, sortsWholePages: key === 'expression' };
  }

  /** A search under the server-side time limit {@link searchTimeoutMs}. */
  protected override async searchSender(run: RunStatement) {
    const flavour = await this.serverFlavour(run);
    return (select: RawBuilder<unknown>) =>
      run(
        flavour === 'mariadb'
          ? sql`SET STATEMENT max_statement_time = ${sql.lit(this.searchTimeoutMs / 1000)} FOR ${select}`
          : sql`SELECT /*+ MAX_EXECUTION_TIME(${sql.lit(this.searchTimeoutMs)}) */ * FROM (${select}) AS found ORDER BY CHAR_LENGTH(title), id`,
      );
  }

  /** Asked once per store; a build whose question fails orders by the column and leaves it unknown. */
  private async pageOrderKey(ask: RunStatement): Promise<SiblingOrderKey> {
    if (!this.options.indexAwarePages) return 'column';
    try {
      return (this.siblingOrderKey ??= siblingOrderKeyOf(await ask(siblingOrderIndexProbe(this.names))));
    } catch {
      return 'column';
    }
  }

  /** Asked once per store, checking a host's mapped columns too; Doughnut's table is not read, so a lock cannot hold it. */
  private async serverFlavour(ask: RunStatement): Promise<ServerFlavour> {
    if (this.flavour) return this.flavour;
    const probe = isDoughnutTable(this.names)
      ? sql`SELECT VERSION() AS version`
      : sql`SELECT VERSION() AS version, (SELECT COUNT(*) FROM (${mappedColumnsProbe(this.names)}) AS mapped) AS mapped`;
    const [row] = await ask(probe).catch((error: unknown) => explainMissingName(ask, this.names, 'mysql', error));
    return (this.flavour = /mariadb/i.test(String((row as { version?: unknown } | undefined)?.version ?? '')) ? 'mariadb' : 'mysql');
  }
}

/** Server-side limits on every statement: time, and recursion, so ancestors of any depth are read (MariaDB cuts at 1,000). */
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
