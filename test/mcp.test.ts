import { spawn } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildContext } from '../src/build-context.js';
import { BuildReportSchema } from '../src/iterator/build-report.js';
import { GetNoteContextInputSchema } from '../src/mcp/create-note-context-mcp-server.js';
import { render } from '../src/result/render.js';
import { GraphRAGResultSchema, MultiFocusResultSchema } from '../src/result/graph-rag-result-schema.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { parseMysqlUrl } from '../src/store/mysql/parse-mysql-url.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { CLI, childEnv, connectMcp, ROOT } from './support/service-processes.js';
import { statementsWaitingOnLock } from './support/lock-waiters.js';

type CallResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallResult;
const textOf = (result: CallResult) => result.content.map((part) => part.text ?? '').join('');

const sample = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));

describe('note-context mcp over stdio, with the SDK client', () => {
  let mcp: Awaited<ReturnType<typeof connectMcp>>;
  beforeAll(async () => {
    mcp = await connectMcp();
  });
  afterAll(async () => {
    await mcp?.client.close();
  });

  it('lists two read-only tools whose schemas come from the zod schemas', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['find_notes', 'get_note_context']);
    const context = tools.find((tool) => tool.name === 'get_note_context')!;
    const { $schema: _a, ...expected } = z.toJSONSchema(GetNoteContextInputSchema, { io: 'input', target: 'draft-7' });
    const { $schema: _b, ...listed } = context.inputSchema;
    expect(listed).toEqual(expected);
    expect(context.inputSchema.required).toEqual(['focus', 'budget']);
    expect(context.inputSchema.properties).toMatchObject({ budget: { type: 'integer', minimum: 0 }, format: { default: 'prompt' } });
    expect(context.inputSchema.properties).not.toHaveProperty('readableNotebooks');
    expect(context.outputSchema?.required).toEqual(expect.arrayContaining(['budget', 'used', 'skipped']));
    expect(context.annotations?.readOnlyHint).toBe(true);
  });

  it('get_note_context: the prompt as text, byte for byte what the library renders, priced as a prompt; the report as structured content', async () => {
    const result = await call(mcp.client, 'get_note_context', { focus: '/n19', budget: 300 });
    const expected = await buildContext(sample, { focus: 19, budget: 300, format: 'prompt' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(render(expected.result, 'prompt'));
    expect(BuildReportSchema.parse(result.structuredContent)).toEqual({ ...expected.report });
    expect(result.structuredContent?.format).toBe('prompt');
  });

  it('get_note_context with format json: the compact GraphRAGResult', async () => {
    const result = await call(mcp.client, 'get_note_context', { focus: 10, budget: 200, format: 'json', tokenizer: 'estimate' });
    const expected = await buildContext(sample, { focus: 10, budget: 200, tokenizer: 'estimate' });
    expect(GraphRAGResultSchema.parse(JSON.parse(textOf(result)))).toEqual(expected.result);
    expect(result.structuredContent).toEqual({ ...expected.report });
    expect(result.structuredContent).toMatchObject({ tokenizer: 'estimate', format: 'json', budget: 200 });
  });

  it('get_note_context with a list of foci, relations and fit: one MultiFocusResult; the ledger in the structured content', async () => {
    const args = { focus: ['/n19', 27], budget: 120, format: 'json', relations: ['Parent', 'Child', 'ReferringNote'], fit: 'shorten' };
    const result = await call(mcp.client, 'get_note_context', args);
    const expected = await buildContext(sample, { focus: [19, 27], budget: 120, relations: ['Parent', 'Child', 'ReferringNote'], fit: 'shorten' });
    expect(result.isError).toBeFalsy();
    expect(MultiFocusResultSchema.parse(JSON.parse(textOf(result)))).toEqual(expected.result);
    expect(result.structuredContent).toEqual({ ...expected.report });
    expect(expected.report.added.length).toBeGreaterThan(0);
    const bad = await call(mcp.client, 'get_note_context', { ...args, fit: 'squeeze' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^invalid input: fit: /);
  });

  it('get_note_context with links: true follows the [[wiki links]]: all three link relations; without it none; a bad value is one line naming links', async () => {
    const links = (report: Record<string, unknown> | undefined) =>
      BuildReportSchema.parse(report).added.filter((piece) => piece.relation.startsWith('Link')).map((piece) => `${piece.relation} ${piece.uri}`);
    // One token a note: every note the links reach fits (Joule, then Newton and Metre through it; the two notes linking to Energy).
    const args = { focus: '/n19', budget: 1000, tokenizer: 'one-per-note' };
    const linked = await call(mcp.client, 'get_note_context', { ...args, links: true });
    expect(linked.isError).toBeFalsy();
    expect(links(linked.structuredContent)).toEqual(['LinkedNote /n131', 'LinkedNoteLink /n133', 'LinkedNoteLink /n135', 'LinkingNote /n115', 'LinkingNote /n138']);
    const expected = await buildContext(sample, { focus: 19, budget: 1000, tokenizer: 'one-per-note', format: 'prompt', links: true });
    expect(textOf(linked)).toBe(render(expected.result, 'prompt'));
    expect(textOf(linked)).toContain('## [Joule (J)](/n131)\nRelation: LinkedNote\n');

    for (const plain of [await call(mcp.client, 'get_note_context', args), await call(mcp.client, 'get_note_context', { ...args, links: false })]) {
      expect(plain.isError).toBeFalsy();
      expect(links(plain.structuredContent)).toEqual([]);
    }
    for (const value of ['true', 1, null]) {
      const bad = await call(mcp.client, 'get_note_context', { ...args, links: value });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toBe(`invalid input: links: expected true or false, got ${JSON.stringify(value)}`);
    }
    const { tools } = await mcp.client.listTools();
    expect(tools.find((tool) => tool.name === 'get_note_context')!.inputSchema.properties).toMatchObject({ links: { type: 'boolean', default: false } });
  });

  it('errors are tool errors with the CLI one-liners', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ focus: 99999, budget: 10 }, 'note 99999 not found'],
      [{ focus: 19, budget: -1 }, 'invalid input: budget: expected an integer ≥ 0, got -1'],
      [{ focus: 19, budget: 1.5 }, 'invalid input: budget: expected an integer ≥ 0, got 1.5'],
      [{ focus: 'abc', budget: 10 }, 'invalid input: focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "abc"'],
      [{ focus: 19, budget: 10, tokenizer: 'gpt2' }, 'invalid input: tokenizer: expected one of o200k, cl100k, estimate, one-per-note, got "gpt2"'],
      [{ focus: 19, budget: 10, format: 'html' }, 'invalid input: format: expected one of json, prompt, got "html"'],
      [{ budget: 10 }, 'invalid input: focus: required, expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones'],
      [{ focus: 19, budget: '1\n2' }, 'invalid input: budget: expected an integer ≥ 0, got "1\\n2"'],
      // Access is the host's: a caller cannot name notebooks; nor may it set the server's timeout.
      [{ focus: 19, budget: 10, readableNotebooks: [1] }, 'invalid input: unknown option "readableNotebooks"'],
      [{ focus: 19, budget: 10, timeoutMs: 1 }, 'invalid input: unknown option "timeoutMs"'],
    ];
    for (const [args, message] of cases) {
      const result = await call(mcp.client, 'get_note_context', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toBe(message);
    }
  });

  it('find_notes: title prefixes, uri, title and notebook id; limit bounded', async () => {
    const result = await call(mcp.client, 'find_notes', { query: 'wat' });
    const notes = [
      { uri: '/n82', title: 'Water', notebookId: 2 },
      { uri: '/n132', title: 'Watt (W)', notebookId: 1 },
      { uri: '/n138', title: 'Watt-hour (Wh)', notebookId: 1 },
    ];
    expect(result.structuredContent).toEqual({ notes });
    expect(JSON.parse(textOf(result))).toEqual({ notes });
    expect((await call(mcp.client, 'find_notes', { query: 'wat', limit: 1 })).structuredContent).toEqual({ notes: notes.slice(0, 1) });
    expect(textOf(await call(mcp.client, 'find_notes', { query: 'wat', limit: 51 }))).toBe(
      'invalid input: limit: expected an integer from 1 to 50',
    );
    expect(textOf(await call(mcp.client, 'find_notes', { query: '  ' }))).toBe('invalid input: query: expected some text');
  });
});

describe('note-context mcp: readable notebooks come from the host', () => {
  for (const [how, args, env] of [
    ['NOTE_CONTEXT_READABLE_NOTEBOOKS', [], { NOTE_CONTEXT_READABLE_NOTEBOOKS: '2,3' }],
    ['--readable-notebooks', ['--readable-notebooks', '2,3'], { NOTE_CONTEXT_READABLE_NOTEBOOKS: '1' }],
  ] as const) {
    it(`from ${how}`, async () => {
      const { client } = await connectMcp(args, env);
      try {
        expect(textOf(await call(client, 'get_note_context', { focus: 19, budget: 10 }))).toBe('note 19 not found');
        expect((await call(client, 'find_notes', { query: 'wat' })).structuredContent).toEqual({
          notes: [{ uri: '/n82', title: 'Water', notebookId: 2 }],
        });
        const water = await call(client, 'get_note_context', { focus: 82, budget: 2000, format: 'json' });
        const expected = await buildContext(sample, { focus: 82, budget: 2000, readableNotebooks: [2, 3] });
        expect(JSON.parse(textOf(water))).toEqual(expected.result);
      } finally {
        await client.close();
      }
    });
  }
});

describe('note-context mcp on MySQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixture(database.db, await readFixtureFile(sampleNotebookPath));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('gives what the memory store gives; the database from NOTE_CONTEXT_DB', async () => {
    const { client } = await connectMcp([], { NOTE_CONTEXT_DB: database.url });
    try {
      const result = await call(client, 'get_note_context', { focus: '/n19', budget: 500 });
      expect(textOf(result)).toBe(render((await buildContext(sample, { focus: 19, budget: 500, format: 'prompt' })).result, 'prompt'));
      expect(result.structuredContent?.roundTrips).toBeGreaterThan(0);
      expect((await call(client, 'find_notes', { query: 'WAT', limit: 2 })).structuredContent).toEqual({
        notes: [
          { uri: '/n82', title: 'Water', notebookId: 2 },
          { uri: '/n132', title: 'Watt (W)', notebookId: 1 },
        ],
      });
    } finally {
      await client.close();
    }
  });

  it('a call that outlives --timeout-ms is a one-line tool error; its build stops and frees its connection', async () => {
    // Long enough for a build on a loaded machine once the lock is gone; the lock holds the first past it.
    const { client, stderr } = await connectMcp(['--timeout-ms', '2000'], { NOTE_CONTEXT_DB: database.url });
    const locker = await createConnection(parseMysqlUrl(database.url));
    const waiting = () => statementsWaitingOnLock(locker);
    try {
      // Hold the note table so the build waits inside its read, as a slow query would.
      await locker.query('LOCK TABLES note WRITE');
      const failed = await call(client, 'get_note_context', { focus: 19, budget: 100 });
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toBe('the build took longer than 2000 ms');
      // The connection is destroyed, not left waiting behind the lock until the statement timeout (5 s).
      await until(async () => (await waiting()) === 0, 3_000);
      await locker.query('UNLOCK TABLES');
      expect((await call(client, 'get_note_context', { focus: 19, budget: 100 })).isError).toBeFalsy();
      expect(stderr()).toBe('');
    } finally {
      await locker.end();
      await client.close();
    }
  });

  it('a call the client cancels stops its build and frees its connection; nothing is logged', async () => {
    const { client, stderr } = await connectMcp([], { NOTE_CONTEXT_DB: database.url });
    const locker = await createConnection(parseMysqlUrl(database.url));
    const waiting = () => statementsWaitingOnLock(locker);
    try {
      await locker.query('LOCK TABLES note WRITE');
      const controller = new AbortController();
      const cancelled = client.callTool({ name: 'get_note_context', arguments: { focus: 19, budget: 100 } }, undefined, { signal: controller.signal });
      await until(async () => (await waiting()) > 0);
      controller.abort();
      await expect(cancelled).rejects.toThrow();
      await until(async () => (await waiting()) === 0, 3_000);
      await locker.query('UNLOCK TABLES');
      expect((await call(client, 'get_note_context', { focus: 19, budget: 100 })).isError).toBeFalsy();
      expect(stderr()).toBe('');
    } finally {
      await locker.end();
      await client.close();
    }
  });

  it('an unreachable database is a tool error, and the server stays up', async () => {
    const { client } = await connectMcp(['--db', 'mysql://root@127.0.0.1:1/none']);
    try {
      const failed = await call(client, 'get_note_context', { focus: 19, budget: 10 });
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toMatch(/^cannot reach the database: /);
      expect((await client.listTools()).tools).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});

describe('note-context mcp lifecycle', () => {
  it('exits 0 when the client closes stdin, having written nothing but protocol to stdout', async () => {
    const child = spawn(CLI[0], [...CLI.slice(1), 'mcp'], { cwd: ROOT, env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stdout.trim().split('\n').map((line) => JSON.parse(line))).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('exit 2 on a bad flag, before serving', async () => {
    const child = spawn(CLI[0], [...CLI.slice(1), 'mcp', '--readable-notebooks', 'x'], { cwd: ROOT, env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2);
    expect(stderr).toBe('note-context: invalid input: --readable-notebooks: expected comma-separated notebook ids, got "x"\n');
  });
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
