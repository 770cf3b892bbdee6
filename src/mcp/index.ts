// `note-context/mcp`: an entry of its own, so that the library does not load the MCP SDK.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { BuildSlots, DEFAULT_MAX_BUILDS } from '../host/build-slots.js';
import { NoteService } from '../host/note-service.js';
import type { NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';
import { createNoteContextMcpServer, registerNoteContextTools } from './create-note-context-mcp-server.js';

export { GetNoteContextInputSchema, NOTE_CONTEXT_INSTRUCTIONS } from './create-note-context-mcp-server.js';
export { FoundNotesSchema as FindNotesOutputSchema } from '../host/found-notes-schema.js';
export { createMcpHttpServer, MCP_HTTP_PATH, type McpHttpServerOptions } from './create-mcp-http-server.js';

export interface NoteContextMcpServerOptions {
  /** A `MemoryNoteStore`, `MysqlNoteStore` (`note-context/mysql`), `PostgresNoteStore` (`note-context/postgres`), or any store that also finds notes. */
  readonly store: NoteStore & NoteFinder;
  /** The only notebooks the tools may read (default: all); never a tool argument. */
  readonly readableNotebooks?: readonly number[];
  /** Longest a tool call may take, waiting for a slot included (default 10,000 ms). */
  readonly timeoutMs?: number;
  /** Builds and searches at once; more wait in a short queue (default 8). */
  readonly maxBuilds?: number;
  /** Where unexpected failures are logged (default: stderr; stdout belongs to a stdio transport). */
  readonly log?: (line: string) => void;
}

function toolsOptions(options: NoteContextMcpServerOptions) {
  return {
    service: new NoteService(options.store, new BuildSlots({ max: options.maxBuilds ?? DEFAULT_MAX_BUILDS })),
    readableNotebooks: options.readableNotebooks,
    timeoutMs: options.timeoutMs ?? 10_000,
    log: options.log ?? ((line: string) => void process.stderr.write(`${line}\n`)),
  };
}

/** An MCP server with the two read-only tools, `get_note_context` and `find_notes`, for any transport. */
export function createMcpServer(options: NoteContextMcpServerOptions): McpServer {
  return createNoteContextMcpServer(toolsOptions(options));
}

/** Adds the two tools to an MCP server the host already runs. */
export function addNoteContextTools(server: McpServer, options: NoteContextMcpServerOptions): void {
  registerNoteContextTools(server, toolsOptions(options));
}
