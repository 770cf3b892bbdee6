import { SERVICE_ENV, serverReadableNotebooks, serverToken } from '../host/access.js';
import { BuildSlots } from '../host/build-slots.js';
import { NoteService } from '../host/note-service.js';
import { serviceErrorOf } from '../host/service-error.js';
import { packageVersion, wholeNumberFlag } from '../host/service-flags.js';
import { openServiceStore } from '../host/service-store.js';
import { createHttpServer, HANDLER_GRACE_MS } from './http-server.js';

export interface ServeFlags {
  readonly db?: string;
  readonly port: string;
  readonly host: string;
  readonly token?: string;
  readonly readableNotebooks?: string;
  readonly maxBuilds: string;
  readonly timeoutMs: string;
}

/**
 * `note-context serve`: the HTTP API until SIGTERM or SIGINT. Then it stops accepting requests
 * (new ones get 503), lets those in flight finish, waits for their builds, closes the pool and
 * resolves to 0. Its first line on stderr says where it listens.
 */
export async function runServeCommand(flags: ServeFlags, err: (text: string) => void): Promise<number> {
  let settings;
  try {
    settings = {
      port: wholeNumberFlag('--port', flags.port, 0, 65_535),
      maxBuilds: wholeNumberFlag('--max-builds', flags.maxBuilds, 1, 1_000),
      timeoutMs: wholeNumberFlag('--timeout-ms', flags.timeoutMs, 1),
      readableNotebooks: serverReadableNotebooks(flags.readableNotebooks),
      token: serverToken(flags.token),
    };
  } catch (error) {
    err(`note-context: ${serviceErrorOf(error).message}\n`);
    return serviceErrorOf(error).exitCode;
  }

  const slots = new BuildSlots(settings.maxBuilds);
  let opened: Awaited<ReturnType<typeof openServiceStore>>;
  try {
    // One connection per build at most, and one spare for the health check.
    opened = await openServiceStore(flags.db, { poolSize: settings.maxBuilds + 1 });
  } catch (error) {
    err(`note-context: ${serviceErrorOf(error).message}\n`);
    return serviceErrorOf(error).exitCode;
  }
  const app = createHttpServer({
    service: new NoteService(opened.store, slots),
    check: opened.check,
    readableNotebooks: settings.readableNotebooks,
    token: settings.token,
    timeoutMs: settings.timeoutMs,
    version: packageVersion(),
    log: (line) => err(`${line}\n`),
  });

  let address: string;
  try {
    address = await app.listen({ port: settings.port, host: flags.host });
  } catch (error) {
    err(`note-context: cannot listen on ${flags.host}:${settings.port}: ${(error as Error).message}\n`);
    await opened.close();
    return 1;
  }
  err(`note-context: serving on ${address}\n`);
  if (settings.token === undefined && !isLoopback(flags.host)) {
    err(`note-context: warning: listening on ${flags.host} without a token (--token or ${SERVICE_ENV.token})\n`);
  }

  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  err(`note-context: ${signal}: finishing the requests in flight\n`);
  // Handlers end by the request timeout; a client that still holds a socket after that is cut off.
  const cutOff = setTimeout(() => app.server.closeAllConnections(), settings.timeoutMs + HANDLER_GRACE_MS + 1_000).unref();
  await app.close();
  clearTimeout(cutOff);
  await slots.drained();
  await opened.close();
  err('note-context: stopped\n');
  return 0;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
