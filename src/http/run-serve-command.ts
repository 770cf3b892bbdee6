import { ValidationError } from '../errors.js';
import { SERVICE_ENV, serverReadableNotebooks } from '../service/access.js';
import { serviceErrorOf } from '../service/service-error.js';
import { packageVersion, wholeNumberFlag } from '../service/service-flags.js';
import { openServiceStore } from '../service/service-store.js';
import { createHttpServer } from './http-server.js';
import { HANDLER_GRACE_MS } from './note-context-plugin.js';

export interface ServeFlags {
  readonly db?: string;
  /** Default: the `PORT` environment variable, else 8080. */
  readonly port?: string;
  readonly host: string;
  readonly token?: string;
  readonly readableNotebooks?: string;
  readonly maxBuilds: string;
  readonly timeoutMs: string;
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
 * goes to stdout.
 */
export async function runServeCommand(flags: ServeFlags, err: (text: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let settings;
  try {
    const [portWhere, port] = flags.port !== undefined ? ['--port', flags.port] : ['PORT', env.PORT ?? '8080'];
    settings = {
      port: wholeNumberFlag(portWhere, port, 0, 65_535),
      maxBuilds: wholeNumberFlag('--max-builds', flags.maxBuilds, 1, 1_000),
      timeoutMs: wholeNumberFlag('--timeout-ms', flags.timeoutMs, 1),
      readableNotebooks: serverReadableNotebooks(flags.readableNotebooks),
      token: bearerToken(flags.token, env),
      corsOrigins: corsOrigins(flags.cors),
      logLevel: logLevel(flags.logLevel),
    };
  } catch (error) {
    err(`note-context: ${serviceErrorOf(error).message}\n`);
    return serviceErrorOf(error).exitCode;
  }

  let opened: Awaited<ReturnType<typeof openServiceStore>>;
  try {
    // One connection per build at most, and one spare for the health check.
    opened = await openServiceStore(flags.db, { poolSize: settings.maxBuilds + 1 });
  } catch (error) {
    err(`note-context: ${serviceErrorOf(error).message}\n`);
    return serviceErrorOf(error).exitCode;
  }
  const app = await createHttpServer({
    store: opened.store,
    check: opened.check,
    readableNotebooks: settings.readableNotebooks,
    token: settings.token,
    timeoutMs: settings.timeoutMs,
    maxBuilds: settings.maxBuilds,
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
    err(`note-context: warning: listening on ${flags.host} without a token (--token or ${SERVICE_ENV.token})\n`);
  }

  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  err(`note-context: ${signal}: finishing the requests in flight\n`);
  // Handlers end by the request timeout; a client that still holds a socket after that is cut off.
  const cutOff = setTimeout(() => app.server.closeAllConnections(), settings.timeoutMs + HANDLER_GRACE_MS + 1_000).unref();
  // Closing waits for the builds still running (the plugin's onClose), then the pool closes.
  await app.close();
  clearTimeout(cutOff);
  await opened.close();
  err('note-context: stopped\n');
  return 0;
}

/** `--token`, else `NOTE_CONTEXT_TOKEN`; an empty one is a mistake, not "no token". */
function bearerToken(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const [where, token] = flag !== undefined ? ['--token', flag] : [SERVICE_ENV.token, env[SERVICE_ENV.token]];
  if (token === undefined) return undefined;
  if (!/^\S+$/.test(token)) throw new ValidationError(where, 'expected a secret without spaces');
  return token;
}

/** `--cors https://a.example,https://b.example`, or `*`: each an origin (scheme, host, port), nothing more. */
function corsOrigins(flag: string | undefined): string[] | undefined {
  if (flag === undefined) return undefined;
  const origins = flag.split(',').map((origin) => origin.trim());
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/?#\s]+$/.test(origin)) {
      throw new ValidationError('--cors', `expected * or comma-separated origins like https://app.example, got "${flag}"`);
    }
  }
  return origins;
}

function logLevel(flag: string | undefined): string {
  const level = flag ?? 'info';
  if (!LOG_LEVELS.includes(level)) throw new ValidationError('--log-level', `expected one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
