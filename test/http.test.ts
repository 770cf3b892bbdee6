import { Ajv2020 } from 'ajv/dist/2020.js';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import type { BuildOptions } from '../src/build-options.js';
import { SAMPLE_NOTEBOOK } from '../src/cli/open-store.js';
import { createHttpServer, type HttpServerOptions } from '../src/http/http-server.js';
import { runServeCommand } from '../src/http/run-serve-command.js';
import { ContextEnvelopeSchema, MultiFocusEnvelopeSchema, ErrorBodySchema, FoundNotesSchema } from '../src/http/http-schemas.js';
import { BuildReportSchema } from '../src/iterator/build-report.js';
import { render } from '../src/result/render.js';
import { BuildSlots } from '../src/service/build-slots.js';
import { NoteService } from '../src/service/note-service.js';
import { checkStore } from '../src/service/service-store.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { parseMysqlUrl } from '../src/store/mysql/mysql-url.js';
import type { NoteFinder } from '../src/store/note-finder.js';
import type { NoteStore } from '../src/store/note-store.js';
import { GatedStore } from './support/gated-store.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { statementsWaitingOnLock } from './support/lock-waiters.js';

const fixture = await readFixtureFile(SAMPLE_NOTEBOOK);
const sample = new MemoryNoteStore(fixture);
const servers: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

interface Started {
  readonly url: string;
  readonly logs: string[];
  /** Builds and searches running, as the server counts them. */
  readonly slots: BuildSlots;
  /** Open client connections, as the server counts them. */
  connections(): Promise<number>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

/** The HTTP API in this process on an ephemeral port, spoken to with real fetch requests. */
async function serve(
  store: NoteStore & NoteFinder,
  options: Partial<Omit<HttpServerOptions, 'service'>> & { maxBuilds?: number } = {},
): Promise<Started> {
  const logs: string[] = [];
  const slots = new BuildSlots(options.maxBuilds ?? 8);
  const app = createHttpServer({
    service: new NoteService(store, slots),
    check: () => checkStore(store),
    timeoutMs: 10_000,
    version: 'test',
    log: (line) => logs.push(line),
    ...options,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  return {
    url,
    logs,
    slots,
    connections: () => new Promise((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    get: (path, headers = {}) => fetch(`${url}${path}`, { headers }),
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

  it('GET /openapi.json is OpenAPI 3.1 whose schemas the real responses satisfy (checked by Ajv, not zod)', async () => {
    const document = (await (await api.get('/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, { get: { parameters?: { name: string; in: string; required: boolean }[] } }>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(['/context', '/health', '/notes', '/notes/{id}/context', '/openapi.json']);
    expect(document.paths['/notes/{id}/context']!.get.parameters!.map((p) => `${p.in} ${p.name}${p.required ? '*' : ''}`)).toEqual([
      'path id*',
      'query budget*',
      'query format',
      'query tokenizer',
      'query truncate',
      'query relations',
      'query fit',
      'header X-Readable-Notebooks',
    ]);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi.json');
    const check = async (schema: string, response: Response) => {
      const validate = ajv.getSchema(`openapi.json#/components/schemas/${schema}`)!;
      const body = await response.json();
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    };
    await check('ContextEnvelope', await api.get('/notes/27/context?budget=1500'));
    await check('FoundNotes', await api.get('/notes?query=e'));
    await check('Health', await api.get('/health'));
    await check('Error', await api.get('/notes/1/context?budget=x'));
    const report = ajv.getSchema('openapi.json#/components/schemas/BuildReport')!;
    expect(report(JSON.parse((await api.get('/notes/10/context?budget=50&format=prompt')).headers.get('x-note-context-report')!))).toBe(true);
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
    const flags = { port: '0', host: '127.0.0.1', maxBuilds: '8', timeoutMs: '1000' };
    const cases: [Record<string, string>, string | RegExp][] = [
      [{ token: '' }, 'invalid input: --token: expected a secret without spaces'],
      [{ token: 'two words' }, 'invalid input: --token: expected a secret without spaces'],
      [{ port: '70000' }, 'invalid input: --port: expected an integer from 0 to 65535, got "70000"'],
      [{ timeoutMs: '0' }, 'invalid input: --timeout-ms: expected an integer from 1 to 9007199254740991, got "0"'],
      [{ readableNotebooks: '1,x' }, 'invalid input: --readable-notebooks: expected comma-separated notebook ids, got "1,x"'],
      [{ db: '/no/such/fixture.json' }, 'invalid input: --db: /no/such/fixture.json: cannot read the fixture file (ENOENT)'],
      [{ db: 'postgres://u:s3cret@h/db' }, 'invalid input: --db: expected a fixture file or a mysql:// URL (mysql://user:pass@host:port/db)'],
      [{ db: 'mysql://u:s3cret@h:99999/db' }, /^invalid input: --db: port 99999 is out of range/],
    ];
    for (const [overrides, message] of cases) {
      let stderr = '';
      expect(await runServeCommand({ ...flags, ...overrides }, (text) => (stderr += text))).toBe(2);
      expect(stderr.split('\n')).toHaveLength(2);
      expect(stderr.slice('note-context: '.length, -1)).toMatch(message);
      expect(stderr).not.toContain('s3cret');
    }
  });

  it('more builds than --max-builds at once: 503 busy with Retry-After; the others finish', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 2, check: async () => {} });
    const first = api.get('/notes/19/context?budget=100');
    const second = api.get('/notes?query=wat');
    await until(() => gated.waiting === 1);
    const third = await api.get('/notes/19/context?budget=100');
    await expectError(third, 503, 'busy', 'too many requests at once (2); retry shortly');
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
    await until(() => api.slots.inFlight === 0);
    gated.release();
    await until(async () => (await api.get('/notes/19/context?budget=100')).status === 200);
    expect(api.logs).toEqual([]);
  });

  it('a build that outlives --timeout-ms stops: 503 timeout, its slot freed at once', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 1, timeoutMs: 300, check: async () => {} });
    const started = Date.now();
    await expectError(await api.get('/notes/19/context?budget=100'), 503, 'timeout', 'the build took longer than 300 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(api.slots.inFlight).toBe(0);
    // So the next request is not refused as busy: it gets a slot, and times out in turn.
    await expectError(await api.get('/notes/19/context?budget=100'), 503, 'timeout', 'the build took longer than 300 ms');
    gated.release();
    expect((await api.get('/notes/19/context?budget=100')).status).toBe(200);
    expect(api.logs).toEqual([]);
  });

  it('a search that outlives --timeout-ms is a 503 timeout; it keeps its slot until it ends', async () => {
    const gated = new GatedStore(sample);
    const api = await serve(gated, { maxBuilds: 1, timeoutMs: 300, check: async () => {} });
    await expectError(await api.get('/notes?query=wat'), 503, 'timeout', 'the request did not finish in time');
    await expectError(await api.get('/notes?query=wat'), 503, 'busy', /^too many requests at once/);
    gated.release();
    await until(async () => (await api.get('/notes?query=wat')).status === 200);
    expect(api.logs).toEqual([]);
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

  it('an unreachable database: 503 on builds, searches and /health, never a stack', async () => {
    const down = MysqlNoteStore.fromUrl('mysql://root@127.0.0.1:1/none', { connectTimeoutMs: 1_000 });
    servers.push({ close: () => down.destroy() });
    const api = await serve(down);
    await expectError(await api.get('/notes/19/context?budget=10'), 503, 'unavailable', /^cannot reach the database: /);
    await expectError(await api.get('/notes?query=wat'), 503, 'unavailable', /^cannot reach the database: /);
    const health = await api.get('/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/^cannot reach the database: /) });
    expect(api.logs).toEqual([]);
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
      expect(api.slots.inFlight).toBe(0);
      // Its connection was destroyed, not left waiting behind the lock (as it would for the statement timeout).
      await until(async () => (await waiting()) === 0, 4_000);
      await locker.query('UNLOCK TABLES');
      expect((await api.get('/notes/19/context?budget=100')).status).toBe(200);
      expect(api.logs).toEqual([]);
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
