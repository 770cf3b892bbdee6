import { once } from 'node:events';
import { ValidationError } from '../note-context-error.js';
import { serverToken } from '../host/server-token.js';
import { openService, type OpenedService, type ServiceFlags } from '../host/open-service.js';
import { exitFor } from '../host/service-error.js';
import { packageVersion } from '../host/package-version.js';
import { STOP_GRACE_MS, stopService } from '../host/stop-service.js';
import { wholeNumberFlag } from '../host/whole-number-flag.js';
import { createHttpServer } from './create-http-server.js';
import { HANDLER_GRACE_MS } from './note-context-plugin.js';

interface ServeFlags extends ServiceFlags {
  readonly port?: string;
  readonly cors?: string;
  readonly compress?: boolean;
  readonly publicMetrics?: boolean;
  readonly logLevel?: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** `note-context serve`: the HTTP API until SIGTERM or SIGINT; then requests in flight finish, and the pool closes. */
export async function runServeCommand(flags: ServeFlags, fieldOf: (key: string) => string, err: (text: string) => void, env = process.env): Promise<number> {
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
    return exitFor(error, err);
  }
  const app = await createHttpServer({
    ...opened,
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
  if (settings.token === undefined && !(flags.host === 'localhost' || flags.host === '::1' || flags.host.startsWith('127.'))) {
    err(`note-context: warning: listening on ${flags.host} without a token (--token or NOTE_CONTEXT_TOKEN)\n`);
  }

  const [signal] = (await Promise.race([once(process, 'SIGTERM'), once(process, 'SIGINT')])) as [string];
  err(`note-context: ${signal}: finishing the requests in flight\n`);
  // Handlers end by the request timeout; a client that still holds a socket after that is cut off.
  const cutOffAt = opened.timeoutMs + HANDLER_GRACE_MS + 1_000;
  const cutOff = setTimeout(() => app.server.closeAllConnections(), cutOffAt).unref();
  const finished = await stopService(opened, () => app.close(), cutOffAt + STOP_GRACE_MS, err);
  clearTimeout(cutOff);
  err(finished ? 'note-context: stopped\n' : `note-context: stopped without waiting longer for ${opened.slots.inFlight} calls and the database pool\n`);
  return 0;
}

/** `--cors https://a.example,https://b.example`, or `*`: each an origin, nothing more. */
function corsOrigins(text: string | undefined, field: string): string[] | undefined {
  if (text === undefined) return undefined;
  const origins = text.split(',').map((origin) => origin.trim());
  if (origins.some((origin) => origin !== '*' && !/^https?:\/\/[^/?#\s]+$/.test(origin))) {
    throw new ValidationError(field, `expected * or comma-separated origins like https://app.example, got "${text}"`);
  }
  return origins;
}

function logLevel(text: string | undefined, field: string): string {
  const level = text ?? 'info';
  if (!LOG_LEVELS.includes(level)) throw new ValidationError(field, `expected one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level;
}
