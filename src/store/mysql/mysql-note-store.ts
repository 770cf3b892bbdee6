import { Kysely, MysqlDialect, type MysqlPool } from 'kysely';
import { createPool } from 'mysql2';
import { z } from 'zod';
import { StoreUnavailable, ValidationError } from '../../errors.js';
import type { FindNotesOptions, FoundNote, NoteFinder } from '../note-finder.js';
import type { NoteReader, NoteStore, ReadScope } from '../note-store.js';
import { findNotes } from './find-notes.js';
import { MysqlNoteReader } from './mysql-note-reader.js';
import type { NoteDatabase } from './note-table.js';
import { detectFlavour, type ServerFlavour } from './server-flavour.js';

export const MysqlStoreOptionsSchema = z.strictObject({
  /** Longest a single statement may run on the server before it is stopped (default 5 s). */
  queryTimeoutMs: z.number().int().positive().default(5_000),
  /** Longest a new connection may take to be made (default 5 s); used by `fromUrl` only. */
  connectTimeoutMs: z.number().int().positive().default(5_000),
  /** Connections in the pool `fromUrl` makes (default 10). */
  poolSize: z.number().int().positive().default(10),
  /**
   * Read each build inside one consistent snapshot (default true). Only a test turns it off, to
   * show what the snapshot protects a build from.
   */
  consistentSnapshot: z.boolean().default(true),
});

export type MysqlStoreOptions = z.input<typeof MysqlStoreOptionsSchema>;

/**
 * Reads notes from a Doughnut database through Kysely. It never writes. A host application
 * hands it its own `Kysely` instance (typed against {@link NoteDatabase}); the CLI and tests make
 * one from a `mysql://` URL.
 */
export class MysqlNoteStore implements NoteStore, NoteFinder {
  private flavour: Promise<ServerFlavour> | undefined;
  private readonly options: z.output<typeof MysqlStoreOptionsSchema>;

  constructor(
    private readonly db: Kysely<NoteDatabase>,
    options: MysqlStoreOptions = {},
    private readonly ownsDb = false,
  ) {
    const parsed = MysqlStoreOptionsSchema.safeParse(options);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'mysql options');
    this.options = parsed.data;
  }

  /** A store over its own pool, made from `mysql://user:password@host:port/database`. */
  static fromUrl(url: string, options: MysqlStoreOptions = {}): MysqlNoteStore {
    const settings = parseMysqlUrl(url);
    const resolved = MysqlStoreOptionsSchema.parse(options);
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
  static fromPool(pool: MysqlPool, options: MysqlStoreOptions = {}, ownsPool = false): MysqlNoteStore {
    return new MysqlNoteStore(new Kysely<NoteDatabase>({ dialect: new MysqlDialect({ pool }) }), options, ownsPool);
  }

  async openReader(scope: ReadScope): Promise<NoteReader> {
    const flavour = await this.serverFlavour();
    return MysqlNoteReader.open(this.db, scope, flavour, this.options);
  }

  async findNotes(query: string, options: FindNotesOptions): Promise<readonly FoundNote[]> {
    return findNotes(this.db, query, options, { flavour: await this.serverFlavour(), queryTimeoutMs: this.options.queryTimeoutMs });
  }

  /** Closes the pool if this store made it; a host's own Kysely instance is left alone. */
  async destroy(): Promise<void> {
    if (this.ownsDb) await this.db.destroy();
  }

  private serverFlavour(): Promise<ServerFlavour> {
    this.flavour ??= detectFlavour(this.db).catch((error: unknown) => {
      this.flavour = undefined;
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailable(`cannot reach the database: ${reason.split('\n')[0] || (error as { code?: string }).code}`, {
        cause: error,
      });
    });
    return this.flavour;
  }
}

/** `mysql://user:password@host:port/database`, checked; a problem names `--db`. */
export function parseMysqlUrl(url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('--db', `not a valid URL: ${url}`);
  }
  if (parsed.protocol !== 'mysql:') throw new ValidationError('--db', `expected a mysql:// URL, got ${parsed.protocol}`);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new ValidationError('--db', 'the URL names no database (mysql://user:pass@host:port/db)');
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username) || 'root',
    password: decodeURIComponent(parsed.password),
    database,
  };
}
