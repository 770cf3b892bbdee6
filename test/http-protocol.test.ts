import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { ErrorBodySchema } from '../src/http/http-error.js';
import { createHttpServer, type HttpServerOptions } from '../src/http/create-http-server.js';
import { noteContextPlugin } from '../src/http/note-context-plugin.js';
import { runServeCommand } from '../src/http/run-serve-command.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { GatedStore } from './support/gated-store.js';

const sample = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));
const closing: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const server of closing) await server.close();
});

async function serve(options: Partial<HttpServerOptions> = {}): Promise<{ url: string; port: number }> {
  const app = await createHttpServer({ store: sample, timeoutMs: 10_000, log: { level: 'silent' }, ...options });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  closing.push(app);
  return { url, port: Number(new URL(url).port) };
}

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Sends bytes as they are (no client would let through a raw é in a path) and reads the answer. */
function raw(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const request = (line: string, headers: Record<string, string> = {}) =>
  `${line} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}Connection: close\r\n\r\n`;

/** An error answer in the documented shape: JSON, `{ code, message, field? }`, one line. */
function expectErrorShape(answer: RawAnswer, status: number, code: string): { message: string } {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = ErrorBodySchema.parse(JSON.parse(answer.body));
  expect(body.code).toBe(code);
  expect(body.message).not.toMatch(/\n|FST_|statusCode|Bad Request/);
  return body;
}

describe('every answer the framework or Node makes has the { code, message, field? } shape', () => {
  const token = 's3cret';
  const auth = { Authorization: `Bearer ${token}` };
  let port: number;
  beforeAll(async () => {
    ({ port } = await serve({ token }));
  });

  it('a URL that cannot be decoded: 401 without the token, else 400', async () => {
    const bad = 'GET /notes/%FF/context?budget=1';
    expect(expectErrorShape(await raw(port, request(bad)), 401, 'unauthorized').message).toBe('missing or wrong bearer token');
    expect(expectErrorShape(await raw(port, request(bad, auth)), 400, 'invalid_input').message).toBe('invalid input: the URL is not valid (bad percent-encoding)');
  });

  it('requests Node refuses before any route is known (raw non-ASCII path, unknown method, 16 KB of headers): the shape, and nothing else', async () => {
    const cases: [string | Buffer, number, string][] = [
      [Buffer.from(request('GET /notes/é/context?budget=1', auth)), 400, 'invalid input: malformed request'],
      [request('FROB /notes', auth), 400, 'invalid input: unknown method'],
      [request('GET /notes?query=a', { ...auth, 'X-Padding': 'a'.repeat(20_000) }), 431, 'invalid input: the request headers are too large'],
    ];
    for (const [sent, status, message] of cases) {
      const answer = await raw(port, sent);
      expect(expectErrorShape(answer, status, 'invalid_input').message).toBe(message);
    }
  });

  it('unknown routes 404 and wrong methods on real routes 405 with Allow, only once the token is right', async () => {
    const methods = ['POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND'];
    for (const method of methods) {
      expectErrorShape(await raw(port, request(`${method} /notes/19/context`, { ...auth, 'Content-Length': '0' })), 405, 'method_not_allowed');
      expectErrorShape(await raw(port, request(`${method} /notes/19/context`, { 'Content-Length': '0' })), 401, 'unauthorized');
    }
    const post = await raw(port, request('POST /notes', { ...auth, 'Content-Length': '0' }));
    expect(expectErrorShape(post, 405, 'method_not_allowed').message).toBe('method POST not allowed on /notes (allowed: GET, HEAD)');
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(expectErrorShape(await raw(port, request('GET /nothing/here', auth)), 404, 'not_found').message).toBe('no route GET /nothing/here');
    expectErrorShape(await raw(port, request('GET /nothing/here')), 401, 'unauthorized');
    // The probes need no token, but only for what they answer.
    expect((await raw(port, request('HEAD /livez'))).status).toBe(200);
    expectErrorShape(await raw(port, request('POST /livez', { 'Content-Length': '0' })), 401, 'unauthorized');
  });

  it('GET /context (several foci) is under the token too, and answers other methods 405', async () => {
    expectErrorShape(await raw(port, request('GET /context?focus=19,27&budget=100')), 401, 'unauthorized');
    expect((await raw(port, request('GET /context?focus=19,27&budget=100', auth))).status).toBe(200);
    expectErrorShape(await raw(port, request('POST /context', { ...auth, 'Content-Length': '0' })), 405, 'method_not_allowed');
  });

  it('an unknown query parameter is a 400 naming it, __proto__ and constructor included', async () => {
    for (const name of ['__proto__', 'constructor', 'focus', 'bogus']) {
      const answer = await raw(port, request(`GET /notes/19/context?budget=100&${name}=x`, auth));
      expectErrorShape(answer, 400, 'invalid_input');
      expect(JSON.parse(answer.body)).toEqual({ code: 'invalid_input', message: `invalid input: unknown option "${name}"`, field: name });
    }
    expectErrorShape(await raw(port, request('GET /notes?query=wat&__proto__=x', auth)), 400, 'invalid_input');
  });
});

describe('closing', () => {
  it('a request that arrives once the server is closing gets 503 in the error shape; the one in flight finishes', async () => {
    const gated = new GatedStore(sample);
    const app = await createHttpServer({ store: gated, timeoutMs: 10_000, log: { level: 'silent' } });
    const port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    const inFlight = raw(port, request('GET /notes/19/context?budget=100'));
    await until(() => gated.waiting === 1);
    // A second client has sent half its headers when the close begins, and the rest after.
    const late = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => late.once('connect', resolve));
    let received = '';
    late.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const lateEnded = new Promise((resolve) => late.on('close', resolve));
    late.write('GET /notes?query=wat HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    late.write('\r\n');
    await lateEnded;
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(received.split('\r\n\r\n')[1]!)).toEqual({ code: 'unavailable', message: 'the server is shutting down' });
    gated.release();
    const first = await inFlight;
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe('close');
    await closed;
  });
});

describe('probes', () => {
  it('during a stall: /health and /readyz answer their documented body in time; /livez is 200', async () => {
    const gated = new GatedStore(sample);
    const { url } = await serve({ store: gated, timeoutMs: 300 });
    for (const path of ['/health', '/readyz']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', message: 'the store did not answer within 300 ms' });
    }
    const live = await fetch(`${url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    gated.release();
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ok' });
  });
});

describe('ETag and If-None-Match on context answers', () => {
  it('the same answer again is 304 with no body; another answer has another tag', async () => {
    const { url } = await serve();
    for (const format of ['json', 'prompt']) {
      const path = `${url}/notes/19/context?budget=500&format=${format}`;
      const first = await fetch(path);
      const tag = first.headers.get('etag')!;
      expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await fetch(path, { headers: { 'If-None-Match': tag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      expect((await fetch(path, { headers: { 'If-None-Match': `"other", ${tag.slice(2)}` } })).status).toBe(304);
      const other = await fetch(`${url}/notes/19/context?budget=2000&format=${format}`, { headers: { 'If-None-Match': tag } });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).not.toBe(tag);
      const expected = await buildContext(sample, { focus: 19, budget: 2000, format: format as 'json' | 'prompt' });
      if (format === 'json') expect(await other.json()).toEqual({ ...expected });
    }
    // Several foci: tagged the same way, and a tag from one focus is not theirs.
    const several = `${url}/context?focus=19,27&budget=500`;
    const first = await fetch(several);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(await first.json()).toEqual({ ...(await buildContext(sample, { focus: [19, 27], budget: 500 })) });
    expect((await fetch(several, { headers: { 'If-None-Match': tag } })).status).toBe(304);
    expect((await fetch(`${url}/context?focus=19&budget=500`)).headers.get('etag')).toBe((await fetch(`${url}/notes/19/context?budget=500`)).headers.get('etag'));
    expect((await fetch(`${url}/context?focus=19&budget=500`, { headers: { 'If-None-Match': tag } })).status).toBe(200);
    const narrower = await fetch(`${url}/notes/19/context?budget=2000`, { headers: { 'X-Readable-Notebooks': '1' } });
    const wider = await fetch(`${url}/notes/19/context?budget=2000`);
    expect(narrower.headers.get('etag')).not.toBe(wider.headers.get('etag'));
    expect(wider.headers.get('vary')).toBe('X-Readable-Notebooks, Authorization');
  });
});

describe('CORS and compression: off by default, on when asked', () => {
  it('off', async () => {
    const { url } = await serve();
    const response = await fetch(`${url}/notes/19/context?budget=2000`, { headers: { Origin: 'https://app.example', 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('on: the allowed origin only, the report and timing headers exposed; gzip for a large answer, the ETag still matching', async () => {
    const { url } = await serve({ corsOrigins: ['https://app.example'], compress: true, token: 'tok' });
    const preflight = await fetch(`${url}/notes/19/context?budget=2000`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-readable-notebooks' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-Readable-Notebooks/);
    const headers = { Origin: 'https://app.example', Authorization: 'Bearer tok' };
    const response = await fetch(`${url}/notes/19/context?budget=2000`, { headers });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Note-Context-Report.*ETag.*Server-Timing/);
    const other = await fetch(`${url}/notes/19/context?budget=2000`, { headers: { ...headers, Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const zipped = await undecoded(`${url}/notes/19/context?budget=2000`, { Authorization: 'Bearer tok', 'Accept-Encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await fetch(`${url}/notes/19/context?budget=2000`, { headers: { Authorization: 'Bearer tok', 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text).toBe(JSON.stringify(await buildContext(sample, { focus: 19, budget: 2000 })));
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(text);
    expect(zipped.body.length).toBeLessThan(text.length / 2);
    expect(zipped.headers.etag).toBe(plain.headers.get('etag'));
    const unchanged = await fetch(`${url}/notes/19/context?budget=2000`, { headers: { Authorization: 'Bearer tok', 'If-None-Match': String(zipped.headers.etag) } });
    expect(unchanged.status).toBe(304);
  });
});

describe('the Fastify plugin in a host of its own, under a prefix', () => {
  it('its routes, token and error shape under the prefix; the host\'s own routes and 404s untouched; close waits for builds', async () => {
    const host = Fastify({ logger: false });
    host.get('/own', async () => ({ mine: true }));
    const gated = new GatedStore(sample);
    await host.register(noteContextPlugin, { prefix: '/context', store: gated, token: 'tok', timeoutMs: 5_000 });
    const url = await host.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await (await fetch(`${url}/own`)).json()).toEqual({ mine: true });
      const hostMissing = await fetch(`${url}/elsewhere`);
      expect(hostMissing.status).toBe(404);
      expect(await hostMissing.json()).toMatchObject({ statusCode: 404 });

      expect((await fetch(`${url}/context/notes?query=wat`)).status).toBe(401);
      expect((await fetch(`${url}/context/livez`)).status).toBe(200);
      const missing = await fetch(`${url}/context/nothing`, { headers: { Authorization: 'Bearer tok' } });
      expect(await missing.json()).toEqual({ code: 'not_found', message: 'no route GET /context/nothing' });
      const document = (await (await fetch(`${url}/context/openapi.json`, { headers: { Authorization: 'Bearer tok' } })).json()) as { paths: object };
      expect(Object.keys(document.paths)).toContain('/context/notes/{id}/context');

      const building = fetch(`${url}/context/notes/19/context?budget=100`, { headers: { Authorization: 'Bearer tok' } });
      await until(() => gated.waiting === 1);
      let closed = false;
      const close = host.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closed).toBe(false);
      gated.release();
      expect((await building).status).toBe(200);
      // The host's keep-alive socket of that request is its own business (serve answers it `Connection: close`).
      host.server.closeIdleConnections();
      await close;
    } finally {
      await host.close();
    }
  });
});

describe('the plugin among a host\'s own plugins', () => {
  it('a host with its own @fastify/swagger gets these routes in its document; the plugin serves none of its own', async () => {
    const host = Fastify({ logger: false });
    await host.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'host', version: '1' } } });
    host.get('/own', async () => ({}));
    await host.register(noteContextPlugin, { prefix: '/context', store: sample });
    await host.ready();
    const paths = Object.keys((host.swagger() as { paths: object }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/own', '/context/notes/{id}/context', '/context/notes', '/context/readyz']));
    expect(paths).not.toContain('/context/openapi.json');
    expect((await host.inject('/context/openapi.json')).statusCode).toBe(404);
    await host.close();
  });

  it('bad options refuse the registration with one line naming the option', async () => {
    for (const [options, message] of [
      [{ timeoutMs: 2 ** 31 }, `timeoutMs: expected an integer from 1 to ${2 ** 31 - 1 - 1_000}, got ${2 ** 31}`],
      [{ maxBuilds: 0 }, 'maxBuilds: expected an integer from 1 to 1000, got 0'],
    ] as const) {
      const host = Fastify({ logger: false });
      await expect(host.register(noteContextPlugin, { store: sample, ...options })).rejects.toThrow(message);
      await host.close();
    }
  });
});

describe('serve settings', () => {
  /** How the CLI names a setting given as a flag. */
  const fieldOf = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

  it('PORT is read when --port is not given, and checked like it', async () => {
    const flags = { host: '127.0.0.1', maxBuilds: '8', queue: '256', queueWaitMs: '5000', timeoutMs: '1000' };
    let stderr = '';
    expect(await runServeCommand(flags, fieldOf, (text) => (stderr += text), { PORT: 'eighty' })).toBe(2);
    expect(stderr).toBe('note-context: invalid input: PORT: expected an integer from 0 to 65535, got "eighty"\n');
    stderr = '';
    expect(await runServeCommand({ ...flags, port: 'x' }, fieldOf, (text) => (stderr += text), { PORT: '8080' })).toBe(2);
    expect(stderr).toBe('note-context: invalid input: --port: expected an integer from 0 to 65535, got "x"\n');
  });

  it('bad --cors and --log-level: exit 2, one line', async () => {
    const flags = { host: '127.0.0.1', maxBuilds: '8', queue: '256', queueWaitMs: '5000', timeoutMs: '1000', port: '0' };
    const cases: [Record<string, string>, string][] = [
      [{ cors: 'app.example' }, 'invalid input: --cors: expected * or comma-separated origins like https://app.example, got "app.example"'],
      [{ cors: 'https://a.example/path' }, 'invalid input: --cors: expected * or comma-separated origins like https://app.example, got "https://a.example/path"'],
      [{ logLevel: 'loud' }, 'invalid input: --log-level: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    ];
    for (const [overrides, message] of cases) {
      let stderr = '';
      expect(await runServeCommand({ ...flags, ...overrides }, fieldOf, (text) => (stderr += text), {})).toBe(2);
      expect(stderr).toBe(`note-context: ${message}\n`);
    }
  });
});

/** A GET whose body is read as sent (Node's client does not decompress, unlike fetch). */
function undecoded(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
