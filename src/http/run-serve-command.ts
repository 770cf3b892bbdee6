import { ValidationError } from '../errors.js';
import { serverToken } from '../host/server-token.js';
import { openService, type OpenedService, type ServiceFlags } from '../host/open-service.js';
import { firstLineOf, serviceErrorOf } from '../host/service-error.js';
import { packageVersion } from '../host/package-version.js';
import { wholeNumberFlag } from '../host/whole-number-flag.js';
import { createHttpServer } from './create-http-server.js';
import { HANDLER_GRACE_MS } from './note-context-plugin.js';

export interface ServeFlags extends ServiceFlags {
  /** Default: the `PORT` environment variable, else 8080. */
  readonly port?: string;
  readonly host: string;
  readonly token?: string;
  /** Comma-separated origins allowed by CORS, or `*`. */
  readonly cors?: string;
  readonly compress?: boolean;
  /** `/metrics` without the token. */
  readonly publicMetrics?: boolean;
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  readonly logLevel?: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * `note-context serve`: the HTTP API until SIGTERM or SIGINT. Then it stops accepting requests
 * (new ones get 503), lets those in flight finish, waits for their builds, closes the pool and
 * resolves to 0. Its first line on stderr says where it listens; the request log (JSON lines)
 * goes to stdout. `fieldOf` names a setting in messages: its flag, or the environment variable it
 * came from.
 */
export async function runServeCommand(
  flags: ServeFlags,
  fieldOf: (key: string) => string,
  err: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let settings;
  let opened: OpenedService;
  try {
    // `PORT`, as hosting platforms set it, when neither the flag nor NOTE_CONTEXT_PORT is given.
    const [portField, port] = flags.port !== undefined ? [fieldOf('port'), flags.port] : env.PORT !== undefined ? ['PORT', env.PORT] : ['--port', '8080'];
    settings = {
      port: wholeNumberFlag(portField, port, 0, 65_535),
      token: serverToken(flags.token, fieldOf('token')),
      corsOrigins: corsOrigins(flags.cors, fieldOf('cors')),
      logLevel: logLevel(flags.logLevel, fieldOf('logLevel')),
    };
    opened = await openService(flags, fieldOf);
  } catch (error) {
    err(`note-context: ${serviceErrorOf(error).message}\n`);
    return serviceErrorOf(error).exitCode;
  }
  const { slots, timeoutMs } = opened;
  const app = await createHttpServer({
    store: opened.store,
    check: opened.check,
    slots,
    timeoutMs,
    readableNotebooks: opened.readableNotebooks,
    token: settings.token,
    version: packageVersion(),
    log: { level: settings.logLevel },
    corsOrigins: settings.corsOrigins,
    compress: flags.compress === true,
    metrics: { public: flags.publicMetrics === true },
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
    err(`note-context: warning: listening on ${flags.host} without a token (--token or NOTE_CONTEXT_TOKEN)\n`);
  }

  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  err(`note-context: ${signal}: finishing the requests in flight\n`);
  // Handlers end by the request timeout; a client that still holds a socket after that is cut off.
  const cutOffAt = timeoutMs + HANDLER_GRACE_MS + 1_000;
  const cutOff = setTimeout(() => app.server.closeAllConnections(), cutOffAt).unref();
  // Builds and searches end by their deadline too; a pool whose server stopped answering is not waited for past it.
  let giveUp: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    (async () => {
      // Closing waits for the builds still running (the plugin's onClose), then the pool closes.
      await app.close();
      await slots.drained();
      // A pool whose connections broke may fail to close: said, and no reason to fail the stop.
      await opened.close().catch((error: unknown) => err(`note-context: closing the database pool: ${firstLineOf(error)}\n`));
      return true;
    })().catch((error: unknown) => {
      err(`note-context: while stopping: ${firstLineOf(error)}\n`);
      return true;
    }),
    new Promise<false>((resolve) => (giveUp = setTimeout(() => resolve(false), cutOffAt + STOP_GRACE_MS))),
  ]);
  clearTimeout(cutOff);
  clearTimeout(giveUp);
  err(finished ? 'note-context: stopped\n' : `note-context: stopped without waiting longer for ${slots.inFlight} calls and the database pool\n`);
  return 0;
}

/** How long past the cut-off a stopping server waits for its calls and its pool. */
const STOP_GRACE_MS = 2_000;

/** `--cors https://a.example,https://b.example`, or `*`: each an origin (scheme, host, port), nothing more. */
function corsOrigins(text: string | undefined, field: string): string[] | undefined {
  if (text === undefined) return undefined;
  const origins = text.split(',').map((origin) => origin.trim());
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/?#\s]+$/.test(origin)) {
      throw new ValidationError(field, `expected * or comma-separated origins like https://app.example, got "${text}"`);
    }
  }
  return origins;
}

/** pino's level, `info` when not given. */
function logLevel(text: string | undefined, field: string): string {
  const level = text ?? 'info';
  if (!LOG_LEVELS.includes(level)) throw new ValidationError(field, `expected one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
