import type { NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';
import { serverReadableNotebooks } from './server-readable-notebooks.js';
import { BuildSlots } from './build-slots.js';
import { NoteService } from './note-service.js';
import { MAX_SERVICE_TIMEOUT_MS } from './max-service-timeout-ms.js';
import { wholeNumberFlag } from './whole-number-flag.js';
import { openServiceStore } from './service-store.js';

/** The settings every service takes, as text (flags or their environment variables). */
export interface ServiceFlags {
  readonly db?: string;
  /** A host's own notes table and its column names, for a database URL. */
  readonly table?: string;
  readonly columns?: string;
  readonly readableNotebooks?: string;
  readonly maxBuilds: string;
  readonly queue: string;
  readonly queueWaitMs: string;
  readonly timeoutMs: string;
}

export interface OpenedService {
  /** The store the service reads, for a server that makes its own service over the same slots. */
  readonly store: NoteStore & NoteFinder;
  readonly service: NoteService;
  readonly slots: BuildSlots;
  /** The server's readable notebooks, if it was given any. */
  readonly readableNotebooks: readonly number[] | undefined;
  readonly timeoutMs: number;
  /** Resolves when a build could start now. */
  check(): Promise<void>;
  /** Closes the store's pool, if it made one. */
  close(): Promise<void>;
}

/**
 * What the HTTP API and the MCP server share: their settings checked (each message naming the
 * flag or variable `fieldOf` gives), the store opened with one connection per build and one
 * spare, and a `NoteService` that runs at most `maxBuilds` calls at once behind a bounded queue.
 */
export async function openService(flags: ServiceFlags, fieldOf: (key: string) => string): Promise<OpenedService> {
  const maxBuilds = wholeNumberFlag(fieldOf('maxBuilds'), flags.maxBuilds, 1, 1_000);
  const slots = new BuildSlots({
    max: maxBuilds,
    queue: wholeNumberFlag(fieldOf('queue'), flags.queue, 0, 100_000),
    waitMs: wholeNumberFlag(fieldOf('queueWaitMs'), flags.queueWaitMs, 1, MAX_SERVICE_TIMEOUT_MS),
  });
  const timeoutMs = wholeNumberFlag(fieldOf('timeoutMs'), flags.timeoutMs, 1, MAX_SERVICE_TIMEOUT_MS);
  const readableNotebooks = serverReadableNotebooks(flags.readableNotebooks, fieldOf('readableNotebooks'));
  const opened = await openServiceStore(flags.db, { poolSize: maxBuilds + 1, table: flags.table, columns: flags.columns, fieldOf });
  return {
    store: opened.store,
    service: new NoteService(opened.store, slots),
    slots,
    readableNotebooks,
    timeoutMs,
    check: opened.check,
    close: opened.close,
  };
}
