import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageVersion } from '../host/package-version.js';
import { registerNoteContextTools, type NoteContextToolsOptions } from './register-note-context-tools.js';

/** What the server tells a client about its tools. */
export const NOTE_CONTEXT_INSTRUCTIONS =
  'Notes are written as [title](/n{id}) links. Use find_notes to turn a title into a uri, then ' +
  'get_note_context with that uri as focus to read the note with its most relevant neighbours within a token budget.';

/** An MCP server with two read-only tools over one note store. */
export function createNoteContextMcpServer(options: NoteContextToolsOptions): McpServer {
  const server = new McpServer({ name: 'note-context', version: packageVersion() }, { instructions: NOTE_CONTEXT_INSTRUCTIONS });
  registerNoteContextTools(server, options);
  return server;
}
