import { BuildSlots, MAX_SERVICE_TIMEOUT_MS } from './build-slots.js';
import { NoteService } from './note-service.js';
import { openStore } from './open-store.js';
import { parseNotebookIds } from './parse-notebook-ids.js';
import { wholeNumberFlag } from './whole-number-flag.js';

/** The settings every service takes, as text (flags or their environment variables). */
export type ServiceFlags = { readonly [K in 'db' | 'table' | 'columns' | 'readableNotebooks' | 'token']?: string } & {
  readonly [K in 'maxBuilds' | 'queue' | 'queueWaitMs' | 'timeoutMs' | 'host']: string;
};

/** What both services share: settings checked, the store opened with a connection per build and one spare, bounded slots. */
export async function openService(flags: ServiceFlags, fieldOf: (key: string) => string) {
  const maxBuilds = wholeNumberFlag(fieldOf('maxBuilds'), flags.maxBuilds, 1, 1_000);
  const slots = new BuildSlots({
    max: maxBuilds,
    queue: wholeNumberFlag(fieldOf('queue'), flags.queue, 0, 100_000),
    waitMs: wholeNumberFlag(fieldOf('queueWaitMs'), flags.queueWaitMs, 1, MAX_SERVICE_TIMEOUT_MS),
  });
  const timeoutMs = wholeNumberFlag(fieldOf('timeoutMs'), flags.timeoutMs, 1, MAX_SERVICE_TIMEOUT_MS);
  const readableNotebooks = flags.readableNotebooks === undefined ? undefined : parseNotebookIds(fieldOf('readableNotebooks'), flags.readableNotebooks);
  const { store, close } = await openStore(flags.db, { poolSize: maxBuilds + 1, table: flags.table, columns: flags.columns, fieldOf });
  return { store, service: new NoteService(store, slots), slots, readableNotebooks, timeoutMs, close };
}

export type OpenedService = Awaited<ReturnType<typeof openService>>;
