import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import type { BuildOptions } from '../src/build-options.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { createHttpServer, type HttpServerOptions } from '../src/http/create-http-server.js';
import { runServeCommand } from '../src/http/run-serve-command.js';
import { ContextEnvelopeSchema, MultiFocusEnvelopeSchema } from '../src/http/context-envelope-schema.js';
import { ErrorBodySchema } from '../src/http/http-error.js';
import { FoundNotesSchema } from '../src/host/found-notes-schema.js';
import { BuildReportSchema } from '../src/iterator/build-report.js';
import { render } from '../src/result/render.js';
import { BuildSlots } from '../src/host/build-slots.js';
import { checkStore } from '../src/host/check-store.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { parseMysqlUrl } from '../src/store/mysql/parse-mysql-url.js';
import type { NoteFinder } from '../src/store/note-finder.js';
import type { NoteStore } from '../src/store/note-store.js';
import { GatedStore } from './support/gated-store.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { statementsWaitingOnLock } from './support/lock-waiters.js';

const fixture = await readFixtureFile(sampleNotebookPath);
const sample = new MemoryNoteStore(fixture);
const servers: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

interface Started {
  readonly url: string;
  /** The server's JSON log lines, parsed. */
  readonly logs: LogLine[];
  /** Log lines at error level or above: unexpected failures. */
  failures(): LogLine[];
  /** Builds and searches running, as the server's /metrics says. */
  inFlight(): Promise<number>;
  /** The slots the server's builds and searches run in. */
  readonly slots: BuildSlots;
  /** Open client connections, as the server counts them. */
  connections(): Promise<number>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly reqId?: string;
  readonly [key: string]: unknown;
}

/** The HTTP API in this process on an ephemeral port, spoken to with real fetch requests. */
async function serve(
  store: NoteStore & NoteFinder,
  options: Partial<Omit<HttpServerOptions, 'store' | 'slots'>> & { queue?: number; queueWaitMs?: number } = {},
): Promise<Started> {
  const logs: LogLine[] = [];
  const slots = new BuildSlots({
    max: options.maxBuilds ?? 8,
    ...(options.queue !== undefined && { queue: options.queue }),
    ...(options.queueWaitMs !== undefined && { waitMs: options.queueWaitMs }),
  });
  const app = await createHttpServer({
    store,
    slots,
    check: () => checkStore(store),
    timeoutMs: 10_000,
    version: 'test',
    log: { stream: { write: (line) => logs.push(JSON.parse(line) as LogLine) } },
    ...options,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers });
  return {
    url,
    logs,
    slots,
    failures: () => logs.filter((line) => line.level >= 50),
    inFlight: async () => {
      const headers: Record<string, string> = options.token === undefined ? {} : { Authorization: `Bearer ${options.token}` };
      const text = await (await get('/metrics', headers)).text();
      return Number(/^note_context_builds_in_flight (\d+)$/m.exec(text)?.[1]);
    },
    connections: () => new Promise((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    get,
  };
}

const library = (options: BuildOptions, store: NoteStore = sample) => buildContext(store, options);

async function expectError(response: Response, status: number, code: string, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = ErrorBodySchema.parse(await response.json());
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(body.message).not.toMatch(/\n|    at /);
  return body;
}

describe('serve: GET /notes/{id}/context on the sample notebook', () => {
  let api: Started;
  beforeAll(async () => {
    api = await serve(sample);
  });

  it('format=json (default): the { result, report } envelope, as the library builds it', async () => {
    const response = await api.get('/notes/19/context?budget=300');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = ContextEnvelopeSchema.parse(await response.json());
    const expected = await library({ focus: 19, budget: 300 });
    expect(body).toEqual({ result: expected.result, report: { ...expected.report } });
  });

  it('format=prompt: the prompt as text/markdown, priced as a prompt; the report as compact JSON in X-Note-Context-Report', async () => {
    const response = await api.get('/notes/19/context?budget=300&format=prompt&tokenizer=estimate&truncate=20');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const expected = await library({ focus: 19, budget: 300, tokenizer: 'estimate', truncate: 20, format: 'prompt' });
    expect(await response.text()).toBe(render(expected.result, 'prompt'));
    const header = response.headers.get('x-note-context-report')!;
    expect(header).toBe(JSON.stringify(JSON.parse(header)));
    BuildReportSchema.parse(JSON.parse(header));
    expect(JSON.parse(header)).toEqual({ ...expected.report });
    expect(JSON.parse(header).format).toBe('prompt');
  });

  it('relations and fit as query parameters; GET /context?focus=a,b gives one MultiFocusResult, its report with the ledger', async () => {
    const filtered = await api.get('/notes/19/context?budget=200&relations=Parent,Child&fit=shorten&tokenizer=estimate');
    expect(filtered.status).toBe(200);
    const expected = await library({ focus: 19, budget: 200, relations: ['Parent', 'Child'], fit: 'shorten', tokenizer: 'estimate' });
    expect(ContextEnvelopeSchema.parse(await filtered.json())).toEqual({ result: expected.result, report: { ...expected.report } });

    const several = await api.get('/context?focus=19,/n27&budget=300');
    expect(several.status).toBe(200);
    const body = MultiFocusEnvelopeSchema.parse(await several.json());
    const multi = await buildContext(sample, { focus: [19, 27], budget: 300 });
    expect(body).toEqual({ result: multi.result, report: { ...multi.report } });
    expect(body.report.added.every((piece) => piece.focus === '/n19' || piece.focus === '/n27')).toBe(true);
    expect(body.report.added.reduce((sum, piece) => sum + piece.cost, 0)).toBe(body.report.used);

    const one = await api.get('/context?focus=19&budget=300');
    expect(ContextEnvelopeSchema.parse(await one.json()).result).toEqual((await library({ focus: 19, budget: 300 })).result);

    await expectError(await api.get('/context?focus=19,19&budget=3'), 400, 'invalid_input', /^invalid input: focus: expected distinct notes/);
    await expectError(await api.get('/notes/19/context?budget=3&relations=Self'), 400, 'invalid_input', /^invalid input: relations\[0\]: expected a non-empty list/);
    await expectError(await api.get('/context?focus=19,9999,9998&budget=3'), 404, 'not_found', /9999/);
  });

  it('links=true follows the [[wiki links]]: all three link relations, as the library builds them; links=false or absent, none; a bad value is one 400 line naming links', async () => {
    const links = (body: { report: { added: { uri: string; relation: string }[] } }) =>
      body.report.added.filter((piece) => piece.relation.startsWith('Link')).map((piece) => `${piece.relation} ${piece.uri}`);
    // One token a note: every note the links reach fits (Joule, then Newton and Metre through it; the two notes linking to Energy).
    const query = 'budget=1000&tokenizer=one-per-note';
    const linked = ContextEnvelopeSchema.parse(await (await api.get(`/notes/19/context?${query}&links=true`)).json());
    expect(links(linked)).toEqual(['LinkedNote /n131', 'LinkedNoteLink /n133', 'LinkedNoteLink /n135', 'LinkingNote /n115', 'LinkingNote /n138']);
    const expected = await library({ focus: 19, budget: 1000, tokenizer: 'one-per-note', links: true });
    expect(linked).toEqual({ result: expected.result, report: { ...expected.report } });
    const viaContext = ContextEnvelopeSchema.parse(await (await api.get(`/context?focus=/n19&${query}&links=true`)).json());
    expect(viaContext.result).toEqual(expected.result);

    for (const path of [`/notes/19/context?${query}&links=false`, `/notes/19/context?${query}`]) {
      const plain = ContextEnvelopeSchema.parse(await (await api.get(path)).json());
      expect(links(plain), path).toEqual([]);
      expect(plain.result).toEqual((await library({ focus: 19, budget: 1000, tokenizer: 'one-per-note' })).result);
    }

    for (const value of ['yes', '1', '', 'TRUE']) {
      const body = await expectError(await api.get(`/notes/19/context?${query}&links=${value}`), 400, 'invalid_input', `invalid input: links: expected true or false, got ${JSON.stringify(value)}`);
      expect(body.field).toBe('links');
    }
  });

  it('400 names the parameter, checked before anything is read (a bad budget on a missing note)', async () => {
    const cases: [string, string, string][] = [
      ['/notes/99999/context?budget=-1', 'budget', 'invalid input: budget: expected an integer ≥ 0, got -1'],
      ['/notes/19/context?budget=1.5', 'budget', 'invalid input: budget: expected an integer ≥ 0, got 1.5'],
      ['/notes/19/context?budget=ten', 'budget', 'invalid input: budget: expected an integer ≥ 0, got "ten"'],
      ['/notes/19/context?budget=1%0A2', 'budget', 'invalid input: budget: expected an integer ≥ 0, got "1\\n2"'],
      ['/notes/19/context', 'budget', 'invalid input: budget: required, expected an integer ≥ 0'],
      ['/notes/abc/context?budget=1', 'focus', 'invalid input: focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "abc"'],
      ['/notes/19/context?budget=1&truncate=-5', 'truncate', 'invalid input: truncate: expected an integer ≥ 0, got -5'],
      ['/notes/19/context?budget=1&tokenizer=gpt2', 'tokenizer', 'invalid input: tokenizer: expected one of o200k, cl100k, estimate, one-per-note, got "gpt2"'],
      ['/notes/19/context?budget=1&format=html', 'format', 'invalid input: format: expected one of json, prompt, got "html"'],
      ['/notes/19/context?budget=1&budget=2', 'budget', 'invalid input: budget: given more than once'],
      ['/notes/19/context?budget=1&readableNotebooks=1', 'readableNotebooks', 'invalid input: unknown option "readableNotebooks"'],
      ['/notes/19/context?budget=1&timeoutMs=1', 'timeoutMs', 'invalid input: unknown option "timeoutMs"'],
    ];
    for (const [path, field, message] of cases) {
      const body = await expectError(await api.get(path), 400, 'invalid_input', message);
      expect(body.field).toBe(field);
    }
    // Numbers are read from text as the CLI reads them.
    expect((await api.get('/notes/19/context?budget=1e2')).status).toBe(200);
  });

  it('404 for a missing, deleted or unreadable focus note, and for an unknown route', async () => {
    await expectError(await api.get('/notes/99999/context?budget=10'), 404, 'not_found', 'note 99999 not found');
    await expectError(await api.get('/notes/129/context?budget=10'), 404, 'not_found', 'note 129 not found');
    await expectError(await api.get('/notes/19/context?budget=10', { 'X-Readable-Notebooks': '2' }), 404, 'not_found', 'note 19 not found');
    await expectError(await api.get('/notes/19'), 404, 'not_found', 'no route GET /notes/19');
  });

  it('X-Readable-Notebooks narrows what a request reads; empty means none; malformed is a 400', async () => {
    const response = await api.get('/notes/82/context?budget=2000', { 'X-Readable-Notebooks': '2, 3' });
    const expected = await library({ focus: 82, budget: 2000, readableNotebooks: [2, 3] });
    expect(((await response.json()) as { result: unknown }).result).toEqual(expected.result);
    await expectError(await api.get('/notes/82/context?budget=10', { 'X-Readable-Notebooks': '' }), 404, 'not_found', 'note 82 not found');
    await expectError(
      await api.get('/notes/82/context?budget=10', { 'X-Readable-Notebooks': '2;3' }),
      400,
      'invalid_input',
      'invalid input: X-Readable-Notebooks: expected comma-separated notebook ids, got "2;3"',
    );
  });

  it('GET /notes finds notes by title prefix, bounded by limit and the readable notebooks', async () => {
    const found = async (path: string, headers?: Record<string, string>) => FoundNotesSchema.parse(await (await api.get(path, headers)).json()).notes;
    expect(await found('/notes?query=wat')).toEqual([
      { uri: '/n82', title: 'Water', notebookId: 2 },
      { uri: '/n132', title: 'Watt (W)', notebookId: 1 },
      { uri: '/n138', title: 'Watt-hour (Wh)', notebookId: 1 },
    ]);
    expect(await found('/notes?query=WAT&limit=1')).toHaveLength(1);
    expect(await found('/notes?query=wat', { 'X-Readable-Notebooks': '1' })).toHaveLength(2);
    expect(await found('/notes?query=zzz')).toEqual([]);
    await expectError(await api.get('/notes?query=wat&limit=0'), 400, 'invalid_input', 'invalid input: limit: expected an integer from 1 to 50');
    await expectError(await api.get('/notes?limit=5'), 400, 'invalid_input', /^invalid input: query: /);
  });

  it('GET /health checks the store', async () => {
    const response = await api.get('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /openapi.json is a valid OpenAPI 3.1 document whose schemas the real responses satisfy (checked by Ajv, not zod)', async () => {
    type Operation = { parameters?: { name: string; in: string; required: boolean }[]; responses: Record<string, { content?: Record<string, { schema: object }> }> };
    const document = (await (await api.get('/openapi.json')).json()) as { openapi: string; paths: Record<string, { get: Operation }> };
    const validation = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(validation.errors).toBeUndefined();
    expect(validation.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(['/context', '/health', '/livez', '/metrics', '/notes', '/notes/{id}/context', '/openapi.json', '/readyz']);
    expect(document.paths['/notes/{id}/context']!.get.parameters!.map((p) => `${p.in} ${p.name}${p.required ? '*' : ''}`)).toEqual([
      'query budget*',
      'query format',
      'query tokenizer',
      'query truncate',
      'query relations',
      'query links',
      'query fit',
      'path id*',
      'header X-Readable-Notebooks',
    ]);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const check = async (path: string, status: string, response: Response, body?: unknown) => {
      expect(String(response.status)).toBe(status);
      const validate = ajv.compile(document.paths[path]!.get.responses[status]!.content!['application/json']!.schema);
      const value = body ?? (await response.json());
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      return value;
    };
    const envelope = (await check('/notes/{id}/context', '200', await api.get('/notes/27/context?budget=1500'))) as { report: unknown };
    await check('/notes', '200', await api.get('/notes?query=e'));
    expect(document.paths['/context']!.get.parameters!.map((p) => `${p.in} ${p.name}${p.required ? '*' : ''}`)).toEqual([
      'query focus*',
      'query budget*',
      'query format',
      'query tokenizer',
      'query truncate',
      'query relations',
      'query links',
      'query fit',
      'header X-Readable-Notebooks',
    ]);
    await check('/context', '200', await api.get('/context?focus=19,27&budget=1500&fit=shorten'));
    await check('/context', '200', await api.get('/context?focus=19&budget=1500'));
    await check('/context', '404', await api.get('/context?focus=19,99999&budget=1'));
    await check('/health', '200', await api.get('/health'));
    await check('/livez', '200', await api.get('/livez'));
    await check('/notes/{id}/context', '400', await api.get('/notes/1/context?budget=x'));
    await check('/notes/{id}/context', '404', await api.get('/notes/99999/context?budget=1'));
    const reportSchema = (document.paths['/notes/{id}/context']!.get.responses['200']!.content!['application/json']!.schema as { properties: { report: object } }).properties.report;
    const report = ajv.compile(reportSchema);
    expect(report(envelope.report)).toBe(true);
    expect(report(JSON.parse((await api.get('/notes/10/context?budget=50&format=prompt')).headers.get('x-note-context-report')!))).toBe(true);
  });

  it('with a token, the document declares the bearer scheme and the 401 of every route but the probes', async () => {
    const guarded = await serve(sample, { token: 'tok' });
    const document = (await (await guarded.get('/openapi.json', { Authorization: 'Bearer tok' })).json()) as {
      security: unknown;
      components: { securitySchemes: unknown };
      paths: Record<string, { get: { security?: unknown[]; responses: Record<string, unknown> } }>;
    };
    expect((await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0])).valid).toBe(true);
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
    for (const [path, item] of Object.entries(document.paths)) {
      const probe = ['/livez', '/readyz', '/health'].includes(path);
      expect(item.get.security, path).toEqual(probe ? [] : undefined);
      expect(Object.keys(item.get.responses).includes('401'), path).toBe(!probe);
    }
  });
});

describe('serve: access and limits', () => {
  it('the server flag bounds the header: intersected, never widened', async () => {
    const api = await serve(sample, { readableNotebooks: [1, 2] });
    await expectError(await api.get('/notes/82/context?budget=10', { 'X-Readable-Notebooks': '3' }), 404, 'not_found', 'note 82 not found');
    expect((await api.get('/notes/82/context?budget=10', { 'X-Readable-Notebooks': '2,3' })).status).toBe(200);
    expect((await api.get('/notes/82/context?budget=10')).status).toBe(200);
    const cooking = fixture.notes.find((note) => note.notebookId === 3)!;
    await expectError(await api.get(`/notes/${cooking.id}/context?budget=10`, { 'X-Readable-Notebooks': '3' }), 404, 'not_found', `note ${cooking.id} not found`);
    await expectError(await api.get(`/notes/${cooking.id}/context?budget=10`), 404, 'not_found', `note ${cooking.id} not found`);
  });

  it('with a token: every route but /health needs Authorization: Bearer <token>', async () => {
    const api = await serve(sample, { token: 's3cret-token' });
    const attempts: Record<string, string>[] = [{}, { Authorization: 'Bearer wrong' }, { Authorization: 'Bearer s3cret-token-longer' }, { Authorization: 's3cret-token' }, { Authorization: 'Basic s3cret-token' }, { Authorization: 'Bearer ' }];
    for (const headers of attempts) {
      for (const path of ['/notes/19/context?budget=10', '/notes?query=e', '/openapi.json', '/no-such-route']) {
        const response = await api.get(path, headers);
        await expectError(response, 401, 'unauthorized', 'missing or wrong bearer token');
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
    expect((await api.get('/notes/19/context?budget=10', { Authorization: 'Bearer s3cret-token' })).status).toBe(200);
    expect((await api.get('/notes/19/context?budget=10', { Authorization: 'bearer s3cret-token' })).status).toBe(200);
    expect((await api.get('/health')).status).toBe(200);
    const document = (await (await api.get('/openapi.json', { Authorization: 'Bearer s3cret-token' })).json()) as Record<string, unknown>;
    expect(document.security).toEqual([{ bearer: [] }]);
  });

  it('serve refuses bad settings before opening anything: exit 2, one line', async () => {
    const flags = { port: '0', host: '127.0.0.1', maxBuilds: '8', queue: '256', queueWaitMs: '5000', timeoutMs: '1000' };
    const cases: [Record<string, string>, string | RegExp][] = [
      [{ token: '' }, 'invalid input: --token: expected a secret without spaces'],
      [{ token: 'two words' }, 'invalid input: --token: expected a secret without spaces'],
      [{ port: '70000' }, 'invalid input: --port: expected an integer from 0 to 65535, got "70000"'],
      [{ timeoutMs: '0' }, 'invalid input: --timeout-ms: expected an integer from 1 to 86400000, got "0"'],
      // Past a timer's range a timeout would fire at once: refused, not clamped.
      [{ timeoutMs: '2147483648' }, 'invalid input: --timeout-ms: expected an integer from 1 to 86400000, got "2147483648"'],
      [{ queueWaitMs: '2147483648' }, 'invalid input: --queue-wait-ms: expected an integer from 1 to 86400000, got "2147483648"'],
      [{ maxBuilds: '0' }, 'invalid input: --max-builds: expected an integer from 1 to 1000, got "0"'],
      [{ readableNotebooks: '1,x' }, 'invalid input: --readable-notebooks: expected comma-separated notebook ids, got "1,x"'],
      [{ db: '/no/such/fixture.json' }, 'invalid input: --db: /no/such/fixture.json: cannot read the fixture file (ENOENT)'],
      [{ db: 'postgres://u:s3cret@h:99999/db' }, 'invalid input: --db: not a valid URL (expected postgres://user:pass@host:port/db)'],
      [{ db: 'redis://u:s3cret@h/db' }, /^invalid input: --db: expected a fixture file, a mysql:\/\/ URL/],
      [{ table: 'notes' }, 'invalid input: --table: only with a mysql:// or postgres:// --db'],
      [{ db: 'mysql://u:s3cret@h:99999/db' }, /^invalid input: --db: port 99999 is out of range/],
    ];
    for (const [overrides, message] of cases) {
      let stderr = '';
      const fieldOf = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
      expect(await runServeCommand({ ...flags, ...overrides }, fieldOf, (text) => (stderr += text))).toBe(2);
      expect(stderr.split('\n')).toHaveLength(2);
      expect(stderr.slice('note-context: '.length, -1)).toMatch(message);
      expect(stderr).not.toContain('s3cret');
    }
  });

  it('more builds than --max-builds wait in the queue for a free slot, first come first served, and finish', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 2, check: async () => {} });
    const first = api.get('/notes/19/context?budget=100');
    const second = api.get('/notes?query=wat');
    await until(() => gated.waiting === 1);
    const third = api.get('/notes/19/context?budget=100');
    const fourth = api.get('/notes?query=wat');
    await until(() => api.slots.queued === 2);
    expect(api.slots.inFlight).toBe(2);
    gated.release();
    expect((await Promise.all([first, second, third, fourth])).map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(api.slots.queued).toBe(0);
  });

  it('a queued call that waits past the queue’s deadline is refused: 503 busy with Retry-After', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 1, queueWaitMs: 200, check: async () => {} });
    const first = api.get('/notes/19/context?budget=100');
    await until(() => gated.waiting === 1);
    await expectError(await api.get('/notes?query=wat'), 503, 'busy', 'no free slot within 200 ms (1 running); retry shortly');
    gated.release();
    expect((await first).status).toBe(200);
  });

  it('more calls than --max-builds and the queue hold at once: 503 busy with Retry-After; the others finish', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 2, queue: 0, check: async () => {} });
    const first = api.get('/notes/19/context?budget=100');
    const second = api.get('/notes?query=wat');
    await until(() => gated.waiting === 1);
    const third = await api.get('/notes/19/context?budget=100');
    await expectError(third, 503, 'busy', 'too many requests at once (2 running, 0 waiting); retry shortly');
    expect(third.headers.get('retry-after')).toBe('1');
    expect((await api.get('/health')).status).toBe(200);
    gated.release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await api.get('/notes/19/context?budget=100')).status).toBe(200);
  });

  it('a client that goes away mid-build is no failure of the server', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 1, check: async () => {} });
    const controller = new AbortController();
    const gone = fetch(`${api.url}/notes/19/context?budget=100`, { signal: controller.signal }).catch((error: Error) => error.name);
    await until(() => gated.waiting === 1);
    controller.abort();
    expect(await gone).toBe('AbortError');
    await until(async () => (await api.connections()) === 0);
    // The build stopped: its slot is free while its read is still held at the gate.
    await until(async () => (await api.inFlight()) === 0);
    gated.release();
    await until(async () => (await api.get('/notes/19/context?budget=100')).status === 200);
    expect(api.failures()).toEqual([]);
  });

  it('a build that outlives --timeout-ms stops: 503 timeout, its slot freed at once', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 1, timeoutMs: 300, check: async () => {} });
    const started = Date.now();
    await expectError(await api.get('/notes/19/context?budget=100'), 503, 'timeout', 'the build took longer than 300 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await api.inFlight()).toBe(0);
    // So the next request is not refused as busy: it gets a slot, and times out in turn.
    await expectError(await api.get('/notes/19/context?budget=100'), 503, 'timeout', 'the build took longer than 300 ms');
    gated.release();
    expect((await api.get('/notes/19/context?budget=100')).status).toBe(200);
    expect(api.failures()).toEqual([]);
  });

  it('a search that outlives --timeout-ms is a 503 timeout; it keeps its slot until it ends', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 1, queue: 0, timeoutMs: 300, check: async () => {} });
    await expectError(await api.get('/notes?query=wat'), 503, 'timeout', 'the request did not finish in time');
    await expectError(await api.get('/notes?query=wat'), 503, 'busy', /^too many requests at once/);
    gated.release();
    await until(async () => (await api.get('/notes?query=wat')).status === 200);
    expect(api.failures()).toEqual([]);
  });
});

describe('serve on MySQL (the sample notebook loaded)', () => {
  let database: TestDatabase;
  let store: MysqlNoteStore;
  let api: Started;
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixture(database.db, fixture);
    store = MysqlNoteStore.fromUrl(database.url);
    api = await serve(store);
  });
  afterAll(async () => {
    await store?.destroy();
    await database?.drop();
  });

  it('gives what the memory store gives', async () => {
    for (const [focus, budget] of [[19, 2000], [27, 500], [82, 800], [10, 50]] as const) {
      const body = ContextEnvelopeSchema.parse(await (await api.get(`/notes/${focus}/context?budget=${budget}`)).json());
      expect(body.result).toEqual((await library({ focus, budget })).result);
      expect(body.report.roundTrips).toBeGreaterThan(0);
    }
    expect((await (await api.get('/notes?query=wat&limit=2')).json())).toEqual({
      notes: [
        { uri: '/n82', title: 'Water', notebookId: 2 },
        { uri: '/n132', title: 'Watt (W)', notebookId: 1 },
      ],
    });
    await expectError(await api.get('/notes/129/context?budget=10'), 404, 'not_found', 'note 129 not found');
    expect((await api.get('/health')).status).toBe(200);
  });

  it('an unreachable database: 503 on builds, searches and /health, never a stack nor its address; the log has the reason', async () => {
    const down = MysqlNoteStore.fromUrl('mysql://root@127.0.0.1:1/none', { connectTimeoutMs: 1_000 });
    servers.push({ close: () => down.destroy() });
    const api = await serve(down);
    const bodies = [
      await expectError(await api.get('/notes/19/context?budget=10'), 503, 'unavailable', 'cannot reach the database'),
      await expectError(await api.get('/notes?query=wat'), 503, 'unavailable', 'cannot reach the database'),
    ];
    const health = await api.get('/health');
    expect(health.status).toBe(503);
    const healthBody = await health.json();
    expect(healthBody).toEqual({ status: 'unavailable', message: 'cannot reach the database' });
    expect(JSON.stringify([bodies, healthBody])).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|:1\b/);
    // The operator's log says why, per request.
    const warnings = api.logs.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]!.detail).toMatch(/^cannot reach the database: .*ECONNREFUSED/);
    expect(api.failures()).toEqual([]);
  });

  it('a build that outlives --timeout-ms stops and frees its connection, while the table is still locked', async () => {
    const slow = MysqlNoteStore.fromUrl(database.url, { poolSize: 2 });
    servers.push({ close: () => slow.destroy() });
    const api = await serve(slow, { maxBuilds: 1, timeoutMs: 300 });
    const locker = await createConnection(parseMysqlUrl(database.url));
    const waiting = () => statementsWaitingOnLock(locker);
    try {
      // Hold the note table so the build waits inside its read, as a slow query would.
      await locker.query('LOCK TABLES note WRITE');
      const started = Date.now();
      await expectError(await api.get('/notes/19/context?budget=100'), 503, 'timeout', 'the build took longer than 300 ms');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await api.inFlight()).toBe(0);
      // Its connection was destroyed, not left waiting behind the lock (as it would for the statement timeout).
      await until(async () => (await waiting()) === 0, 4_000);
      await locker.query('UNLOCK TABLES');
      expect((await api.get('/notes/19/context?budget=100')).status).toBe(200);
      expect(api.failures()).toEqual([]);
    } finally {
      await locker.end();
    }
  });
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
