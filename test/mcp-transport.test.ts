// The MCP server's transports as a client meets them: a raw stdio child given malformed lines,
// a child that must end when stdin closes or on SIGTERM even while its database stopped answering,
// and the Streamable HTTP transport behind the bearer token.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { addNoteContextTools, createMcpServer } from '../src/mcp/index.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { startFreezableProxy, type FreezableProxy } from './support/freezable-proxy.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { childEnv, CLI, ROOT } from './support/service-processes.js';

interface RawMcp {
  readonly child: ChildProcessWithoutNullStreams;
  send(line: string): void;
  /** The next `count` messages the server writes. */
  next(count?: number): Promise<unknown[]>;
  stderr(): string;
  readonly exited: Promise<number | string>;
}

function rawMcp(args: readonly string[] = [], env: Record<string, string> = {}): RawMcp {
  const child = spawn(CLI[0], [...CLI.slice(1), 'mcp', ...args], { cwd: ROOT, env: childEnv(env) });
  const lines: string[] = [];
  let wake: () => void = () => {};
  let buffer = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts.filter((line) => line !== ''));
    wake();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return {
    child,
    send: (line) => child.stdin.write(`${line}\n`),
    next: async (count = 1) => {
      while (lines.length < count) await new Promise<void>((resolve) => (wake = resolve));
      return lines.splice(0, count).map((line) => JSON.parse(line) as unknown);
    },
    stderr: () => stderr,
    exited,
  };
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
const callFindNotes = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'find_notes', arguments: { query: 'wat', limit: 1 } } });

/** Resolves to how long `exited` took, or rejects past `ms`. */
async function exitsWithin(exited: Promise<number | string>, ms: number): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms)));
  try {
    return await Promise.race([exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('note-context mcp over stdio: a line that is no valid message gets its JSON-RPC error, in one line', () => {
  it('-32700 for text that is no JSON, -32600 for JSON that is no message, -32602 for arguments that are no object; the session goes on', async () => {
    const mcp = rawMcp();
    try {
      mcp.send('{ not json');
      mcp.send('[1, 2]');
      mcp.send(JSON.stringify({ jsonrpc: '1.0', id: 7, method: 'ping' }));
      const [parse, batch, version] = (await mcp.next(3)) as { id: unknown; error: { code: number; message: string } }[];
      expect(parse).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      expect(parse!.error.message).toMatch(/^parse error: /);
      expect(batch).toMatchObject({ id: null, error: { code: -32600, message: 'invalid request: expected a JSON-RPC 2.0 message, got an array' } });
      expect(version).toMatchObject({ id: 7, error: { code: -32600, message: 'invalid request: expected a JSON-RPC 2.0 message, got an object' } });

      mcp.send(INITIALIZE);
      await mcp.next();
      mcp.send(INITIALIZED);
      const cases: [unknown, string][] = [
        [null, 'invalid input: arguments: expected an object, got null'],
        [[], 'invalid input: arguments: expected an object, got an array'],
        ['x', 'invalid input: arguments: expected an object, got "x"'],
      ];
      for (const [index, [args, message]] of cases.entries()) {
        mcp.send(JSON.stringify({ jsonrpc: '2.0', id: 10 + index, method: 'tools/call', params: { name: 'find_notes', arguments: args } }));
        expect(await mcp.next()).toEqual([{ jsonrpc: '2.0', id: 10 + index, error: { code: -32602, message } }]);
      }
      mcp.send(callFindNotes(20));
      const [found] = (await mcp.next()) as { id: number; result: { structuredContent: unknown } }[];
      expect(found).toMatchObject({ id: 20, result: { structuredContent: { notes: [{ uri: '/n82', title: 'Water', notebookId: 2 }] } } });
      expect(mcp.stderr()).toBe('');
    } finally {
      mcp.child.kill();
    }
  });
});

describe('note-context mcp ends, even with its database stalled', () => {
  let database: TestDatabase;
  let proxy: FreezableProxy;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixture(database.db, await readFixtureFile(sampleNotebookPath));
    const server = new URL(database.url);
    proxy = await startFreezableProxy({ host: server.hostname, port: Number(server.port || 3306) });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    url = proxied.toString();
  });
  afterAll(async () => {
    proxy?.thaw();
    await proxy?.close();
    await database?.drop();
  });

  for (const how of ['stdin closes', 'SIGTERM'] as const) {
    it(`when ${how} with 10 searches stalled: within --timeout-ms and its grace`, async () => {
      proxy.thaw();
      const mcp = rawMcp(['--timeout-ms', '1000'], { NOTE_CONTEXT_DB: url });
      try {
        mcp.send(INITIALIZE);
        await mcp.next();
        mcp.send(INITIALIZED);
        mcp.send(callFindNotes(1));
        await mcp.next();
        proxy.freeze();
        for (let id = 2; id < 12; id++) mcp.send(callFindNotes(id));
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (how === 'SIGTERM') mcp.child.kill('SIGTERM');
        else mcp.child.stdin.end();
        // 1 s for the calls, 2 s of grace, and the process's own start-up margin.
        expect(await exitsWithin(mcp.exited, 6_000)).toBe(0);
      } finally {
        mcp.child.kill('SIGKILL');
        proxy.thaw();
      }
    });
  }
});

describe('note-context mcp --http: the Streamable HTTP transport behind the bearer token', () => {
  let child: ChildProcessWithoutNullStreams;
  let endpoint: URL;
  beforeAll(async () => {
    child = spawn(CLI[0], [...CLI.slice(1), 'mcp', '--http', '--port', '0'], { cwd: ROOT, env: childEnv({ NOTE_CONTEXT_TOKEN: 's3cret' }) });
    let stderr = '';
    endpoint = await new Promise<URL>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /serving MCP on (http:\/\/\S+)/.exec(stderr);
        if (match) resolve(new URL(match[1]!));
      });
      child.once('exit', () => reject(new Error(`mcp --http exited: ${stderr}`)));
    });
  });
  afterAll(() => {
    child?.kill();
  });

  it('a real client with the token lists the tools and calls one', async () => {
    const client = new Client({ name: 'note-context-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: 'Bearer s3cret' } } }));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['find_notes', 'get_note_context']);
      const found = await client.callTool({ name: 'find_notes', arguments: { query: 'wat', limit: 1 } });
      expect(found.structuredContent).toEqual({ notes: [{ uri: '/n82', title: 'Water', notebookId: 2 }] });
    } finally {
      await client.close();
    }
  });

  it('without the token: 401 with WWW-Authenticate; a body that is no JSON: 400 with -32700', async () => {
    const body = INITIALIZE;
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const refused = await fetch(endpoint, { method: 'POST', headers, body });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await fetch(endpoint, { method: 'POST', headers: { ...headers, Authorization: 'Bearer nope' }, body });
    expect(wrong.status).toBe(401);
    const malformed = await fetch(endpoint, { method: 'POST', headers: { ...headers, Authorization: 'Bearer s3cret' }, body: '{ nope' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});

describe('note-context/mcp: the server factory a host uses', () => {
  const connect = async (server: McpServer) => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'host-test', version: '0.0.0' });
    await client.connect(clientSide);
    return client;
  };

  it('createMcpServer over a store, and the tools added to the host’s own server, answer as the CLI’s server does', async () => {
    const store = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));
    const own = new McpServer({ name: 'host', version: '1.0.0' });
    addNoteContextTools(own, { store, readableNotebooks: [2] });
    for (const server of [createMcpServer({ store, readableNotebooks: [2] }), own]) {
      const client = await connect(server);
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['find_notes', 'get_note_context']);
        expect((await client.callTool({ name: 'find_notes', arguments: { query: 'wat' } })).structuredContent).toEqual({
          notes: [{ uri: '/n82', title: 'Water', notebookId: 2 }],
        });
      } finally {
        await client.close();
      }
    }
  });
});
