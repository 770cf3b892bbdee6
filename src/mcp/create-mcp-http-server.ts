import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DEFAULT_MAX_REQUEST_BODY_SIZE as MAX_BODY_BYTES } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { bearerTokenCheck } from '../host/bearer-token-check.js';
import { checkedLine, type RefusedMessage } from './checked-line.js';

export const MCP_HTTP_PATH = '/mcp';

export interface McpHttpServerOptions {
  /** A fresh MCP server for each request: the transport runs stateless. */
  readonly createServer: () => McpServer;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string | undefined;
  readonly log: (line: string) => void;
}

/** The SDK's Streamable HTTP transport on `POST /mcp`, stateless (so `GET` and `DELETE` are 405), behind the bearer token. */
export function createMcpHttpServer(options: McpHttpServerOptions): Server {
  const authorized = options.token === undefined ? () => true : bearerTokenCheck(options.token);
  return createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      options.log(`note-context mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!response.headersSent) reply(response, 500, 'internal error', ErrorCode.InternalError);
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== MCP_HTTP_PATH) return reply(response, 404, `no route ${request.method ?? ''} ${path ?? ''}`);
    if (!authorized(request.headers.authorization)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return reply(response, 401, 'missing or wrong bearer token');
    }
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return reply(response, 405, `method ${request.method ?? ''} not allowed: this server keeps no sessions; POST each message`);
    }
    const body = await readBody(request);
    if (body === undefined) return reply(response, 413, `a request body larger than ${MAX_BODY_BYTES} bytes`);
    const checked = checkedLine(body);
    if ('refused' in checked) return reply(response, 400, checked.refused);

    const server = options.createServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // The client going away closes the transport, which aborts its tool calls (and their builds).
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, checked.message);
  }
}

/** Answers with `refused`, or with a refusal of `code` whose message it is. */
function reply(response: ServerResponse, status: number, refused: RefusedMessage | string, code: number = ErrorCode.InvalidRequest): void {
  const body: RefusedMessage = typeof refused === 'string' ? { jsonrpc: '2.0', id: null, error: { code, message: refused } } : refused;
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
