import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { BuildReportSchema } from '../iterator/build-report.js';
import { jsonSchemaOf } from '../json-schemas.js';
import { NoteService, type CallScope } from '../host/note-service.js';
import { contextRequestSchema } from '../host/context-request-schema.js';
import { FindNotesRequestSchema } from '../host/find-notes-request-schema.js';
import { FoundNotesSchema } from '../host/found-notes-schema.js';
import { serviceErrorOf } from '../host/service-error.js';
import { packageVersion } from '../host/package-version.js';

/** `get_note_context` takes the build options a model needs; the prompt is its default output. */
export const GetNoteContextInputSchema = contextRequestSchema('prompt').omit({ truncate: true });

export interface NoteContextToolsOptions {
  readonly service: NoteService;
  readonly readableNotebooks?: readonly number[] | undefined;
  readonly timeoutMs: number;
  readonly log: (line: string) => void;
}

/** What the server tells a client about its tools. */
export const NOTE_CONTEXT_INSTRUCTIONS =
  'Notes are written as [title](/n{id}) links. Use find_notes to turn a title into a uri, then ' +
  'get_note_context with that uri as focus to read the note with its most relevant neighbours within a token budget.';

export function createNoteContextMcpServer(options: NoteContextToolsOptions): McpServer {
  const server = new McpServer({ name: 'note-context', version: packageVersion() }, { instructions: NOTE_CONTEXT_INSTRUCTIONS });
  registerNoteContextTools(server, options);
  return server;
}

export function registerNoteContextTools(server: McpServer, options: NoteContextToolsOptions): void {
  const { service, readableNotebooks, timeoutMs, log } = options;
  // The client's cancellation (or its going away) stops the build, as does the timeout.
  const scope = (signal: AbortSignal): CallScope => ({ readableNotebooks, signal, timeoutMs });
  const failure = (error: unknown): CallToolResult => {
    const mapped = serviceErrorOf(error);
    if (mapped.code === 'internal') log(`note-context mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { isError: true, content: [{ type: 'text', text: mapped.message }] };
  };

  server.registerTool(
    'get_note_context',
    {
      title: 'Note context',
      description:
        'The context of one note for an AI assistant: the note in full plus its most relevant related notes ' +
        '(parent, children, siblings, referring notes, ancestors, …), ranked, within a token budget. ' +
        "focus may list several notes for one context of all of them under one budget; links: true also follows [[wiki links]] in the notes' details. " +
        'Returns the prompt text (or the compact JSON result); the budget report, with its ledger of every piece added, is the structured content.',
      inputSchema: advertised(GetNoteContextInputSchema),
      outputSchema: BuildReportSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args, extra): Promise<CallToolResult> =>
      service.context(GetNoteContextInputSchema, args, scope(extra.signal)).then(({ text, report }) => ({ content: [{ type: 'text', text }], structuredContent: { ...report } }), failure),
  );

  server.registerTool(
    'find_notes',
    {
      title: 'Find notes',
      description: 'Notes whose title starts with the query (case ignored), shortest titles first, with their uri, title and notebook id.',
      inputSchema: advertised(FindNotesRequestSchema),
      outputSchema: FoundNotesSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args, extra): Promise<CallToolResult> =>
      service.findNotes(args, scope(extra.signal)).then((notes) => {
        const found = { notes: [...notes] };
        return { content: [{ type: 'text', text: JSON.stringify(found) }], structuredContent: found };
      }, failure),
  );
}

/** The JSON Schema of `schema` for clients, but arguments handed on as they came, for `NoteService` to check in the CLI's words. */
function advertised(schema: z.ZodObject) {
  return z.looseObject({}).meta(jsonSchemaOf(schema, 'input', 'draft-7'));
}
