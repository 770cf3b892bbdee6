import type { OpenedService } from './open-service.js';
import { firstLineOf } from './service-error.js';

/** How long past the calls' own end (their timeout, or a cut-off) a stopping server waits for them and its pool. */
export const STOP_GRACE_MS = 2_000;

/** Closes the server, waits for the calls still running, closes the pool; false when that takes more than `withinMs`. */
export async function stopService(opened: OpenedService, closeServer: () => Promise<void>, withinMs: number, err: (text: string) => void): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const stopping = (async () => {
    await closeServer();
    await opened.slots.drained();
    // A pool whose connections broke may fail to close: said, and no reason to fail the stop.
    await opened.close().catch((error: unknown) => err(`note-context: closing the database pool: ${firstLineOf(error)}\n`));
    return true;
  })().catch((error: unknown) => {
    err(`note-context: while stopping: ${firstLineOf(error)}\n`);
    return true;
  });
  const finished = await Promise.race([stopping, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)))]);
  clearTimeout(timer);
  return finished;
}
