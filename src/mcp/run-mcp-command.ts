import type { Server } from 'node:http';
import { serverToken } from '../host/server-token.js';
import { openService, type OpenedService, type ServiceFlags } from '../host/open-service.js';
import { exitFor, firstLineOf } from '../host/service-error.js';
import { STOP_GRACE_MS, stopService } from '../host/stop-service.js';
import { wholeNumberFlag } from '../host/whole-number-flag.js';
import { CheckedStdioTransport } from './checked-stdio-transport.js';
import { MCP_HTTP_PATH, createMcpHttpServer } from './create-mcp-http-server.js';
import { createNoteContextMcpServer } from './create-note-context-mcp-server.js';

interface McpFlags extends ServiceFlags {
  readonly http?: boolean;
  readonly port: string;
}

/** `note-context mcp`: the tools over stdio until stdin closes or a signal (`--http`: over Streamable HTTP until a signal); stdout carries only protocol messages. */
export async function runMcpCommand(flags: McpFlags, fieldOf: (key: string) => string, err: (text: string) => void): Promise<number> {
  let opened: OpenedService;
  let settings: { port: number; token: string | undefined };
  try {
    settings = { port: wholeNumberFlag(fieldOf('port'), flags.port, 0, 65_535), token: serverToken(flags.token, fieldOf('token')) };
    opened = await openService(flags, fieldOf);
  } catch (error) {
    return exitFor(error, err);
  }
  const log = (line: string) => err(`${line}\n`);
  const newServer = () => createNoteContextMcpServer({ ...opened, log });

  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  process.once('SIGTERM', stop).once('SIGINT', stop);
  const forgetSignals = () => process.off('SIGTERM', stop).off('SIGINT', stop);

  let closeTransport: () => Promise<void>;
  try {
    if (flags.http) {
      const http = createMcpHttpServer({ createServer: newServer, token: settings.token, log });
      const address = await listen(http, settings.port, flags.host);
      err(`note-context: serving MCP on http://${address}${MCP_HTTP_PATH}\n`);
      // Node's close also closes the idle keep-alive connections.
      closeTransport = () => new Promise<void>((resolve) => http.close(() => resolve()));
    } else {
      const server = newServer();
      const transport = new CheckedStdioTransport();
      transport.onclose = stop;
      await server.connect(transport);
      closeTransport = () => server.close();
    }
  } catch (error) {
    forgetSignals();
    err(`note-context: ${firstLineOf(error)}\n`);
    await opened.close();
    return 1;
  }

  await stopped;
  forgetSignals();
  const grace = opened.timeoutMs + STOP_GRACE_MS;
  if (!(await stopService(opened, closeTransport, grace, err))) err(`note-context: stopped without waiting longer for ${opened.slots.inFlight} calls and the database pool (${grace} ms)\n`);
  return 0;
}

async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) return String(address);
  return `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}
