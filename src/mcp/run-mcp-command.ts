import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serverReadableNotebooks } from '../host/access.js';
import { NoteService } from '../host/note-service.js';
import { firstLineOf, serviceErrorOf } from '../host/service-error.js';
import { packageVersion, wholeNumberFlag } from '../host/service-flags.js';
import { openServiceStore } from '../host/service-store.js';
import { createNoteContextMcpServer } from './mcp-server.js';

export interface McpFlags {
  readonly db?: string;
  readonly readableNotebooks?: string;
  readonly timeoutMs: string;
}

/**
 * `note-context mcp`: serves the tools over stdio until the client closes stdin or the process
 * gets SIGTERM or SIGINT; then closes the store and resolves to the exit code. Stdout carries
 * only protocol messages; problems go to stderr.
 */
export async function runMcpCommand(flags: McpFlags, err: (text: string) => void): Promise<number> {
  let opened: Awaited<ReturnType<typeof openServiceStore>>;
  let server: ReturnType<typeof createNoteContextMcpServer>;
  try {
    const readableNotebooks = serverReadableNotebooks(flags.readableNotebooks);
    const timeoutMs = wholeNumberFlag('--timeout-ms', flags.timeoutMs, 1);
    opened = await openServiceStore(flags.db);
    server = createNoteContextMcpServer({
      service: new NoteService(opened.store),
      readableNotebooks,
      timeoutMs,
      version: packageVersion(),
      log: (line) => err(`${line}\n`),
    });
  } catch (error) {
    const mapped = serviceErrorOf(error);
    err(`note-context: ${mapped.code === 'internal' ? firstLineOf(error) : mapped.message}\n`);
    return mapped.exitCode;
  }

  const transport = new StdioServerTransport();
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  transport.onclose = stop;
  process.stdin.once('end', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  try {
    await server.connect(transport);
    await stopped;
  } finally {
    process.stdin.off('end', stop);
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    await server.close();
    await opened.close();
  }
  return 0;
}
