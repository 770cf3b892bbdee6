import net from 'node:net';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { ContextEnvelopeSchema } from '../src/http/context-envelope-schema.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { parseMysqlUrl } from '../src/store/mysql/parse-mysql-url.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { startFreezableProxy } from './support/freezable-proxy.js';
import { startServe } from './support/service-processes.js';

describe('note-context serve as a process', () => {
  let database: TestDatabase;
  let locker: Connection;
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixture(database.db, await readFixtureFile(sampleNotebookPath));
    locker = await createConnection(parseMysqlUrl(database.url));
  });
  afterAll(async () => {
    await locker?.end();
    await database?.drop();
  });

  it('SIGTERM during a build: stops accepting, the build finishes and is answered, the pool closes, exit 0', async () => {
    const connections = async () => {
      const [rows] = await locker.query('SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = DATABASE()');
      return Number((rows as { n: number }[])[0]!.n);
    };
    const before = await connections();
    const serve = await startServe(['--db', database.url, '--timeout-ms', '60000', '--token', 'tok']);
    const auth = { Authorization: 'Bearer tok' };
    expect((await fetch(`${serve.baseUrl}/notes/19/context?budget=100`, { headers: auth })).status).toBe(200);

    // Hold the note table so the next build waits inside its read, as a slow query would.
    await locker.query('LOCK TABLES note WRITE');
    const inFlight = fetch(`${serve.baseUrl}/notes/19/context?budget=2000`, { headers: auth });
    await until(async () => {
      const [rows] = await locker.query("SELECT COUNT(*) AS n FROM information_schema.processlist WHERE state LIKE 'Waiting for table%'");
      return Number((rows as { n: number }[])[0]!.n) > 0;
    });

    serve.child.kill('SIGTERM');
    await until(() => serve.stderr().includes('SIGTERM: finishing the requests in flight'));
    // No new requests once closing: the port is closed (or a 503 if one slipped in).
    const late = await fetch(`${serve.baseUrl}/health`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    expect(serve.child.exitCode).toBeNull();

    await locker.query('UNLOCK TABLES');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(ContextEnvelopeSchema.parse(await response.json()).result.focusNote.uriAndTitle).toBe('[Energy](/n19)');
    // The process ends by itself: nothing, the pool included, is left open.
    expect(await serve.exited).toBe(0);
    expect(serve.stderr()).toMatch(/stopped\n$/);
    expect(await connections()).toBe(before);
  });

  it('searches on a database that stops answering: 503, then served again once the network recovers; SIGTERM with searches stalled exits within its grace', async () => {
    const server = new URL(database.url);
    const proxy = await startFreezableProxy({ host: server.hostname, port: Number(server.port || 3306) });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const serve = await startServe(['--db', proxied.toString(), '--timeout-ms', '1500', '--max-builds', '4']);
    const search = () => fetch(`${serve.baseUrl}/notes?query=wat`).then((response) => response.status);
    try {
      expect(await search()).toBe(200);
      proxy.freeze();
      // More stalled searches than slots: each ends at its deadline, none holds a slot for good.
      expect(await Promise.all(Array.from({ length: 6 }, search))).toEqual(Array(6).fill(503));
      proxy.healNew();
      // Connections the pool was still opening through the frozen proxy end by its connect timeout (5 s).
      await until(async () => (await search()) === 200, 10_000);
      // A build too (its first loads the tokenizer's tables, which on a loaded machine can take
      // a good part of the 1.5 s deadline: asked again until served, as the search above).
      await until(async () => (await fetch(`${serve.baseUrl}/notes/19/context?budget=100`)).status === 200, 10_000);

      proxy.freeze();
      const stalled = Array.from({ length: 4 }, search);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const stopping = performance.now();
      serve.child.kill('SIGTERM');
      expect(await serve.exited, serve.stderr()).toBe(0);
      // The deadline (1.5 s), the handler's grace and cut-off (2 s) and the pool's (2 s): well under 8 s.
      expect(performance.now() - stopping).toBeLessThan(8_000);
      await Promise.allSettled(stalled);
    } finally {
      serve.child.kill('SIGKILL');
      proxy.thaw();
      await proxy.close();
    }
  });

  it('SIGINT on the sample notebook: exit 0; a bad flag: exit 2 with one line', async () => {
    const serve = await startServe();
    expect((await fetch(`${serve.baseUrl}/notes?query=wat`)).status).toBe(200);
    serve.child.kill('SIGINT');
    expect(await serve.exited).toBe(0);
    await expect(startServe(['--max-builds', '0'])).rejects.toThrow(
      /serve exited \(2\) before listening: note-context: invalid input: --max-builds: expected an integer from 1 to 1000, got "0"\n$/,
    );
  });
});

describe('note-context serve: PORT and the request log', () => {
  it('listens on PORT when --port is not given, and logs each request as a JSON line on stdout', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const serve = await startServe(['--token', 'tok-s3cret'], { PORT: String(port) });
    try {
      expect(serve.baseUrl).toBe(`http://127.0.0.1:${port}`);
      const response = await fetch(`${serve.baseUrl}/notes/19/context?budget=100`, { headers: { Authorization: 'Bearer tok-s3cret', 'X-Request-Id': 'req-7' } });
      expect(response.status).toBe(200);
      await until(() => serve.stdout().includes('request completed'));
      const line = serve.stdout().split('\n').map((text) => (text ? (JSON.parse(text) as Record<string, unknown>) : {})).find((entry) => entry.msg === 'request completed');
      expect(line).toMatchObject({ level: 30, reqId: 'req-7', res: { statusCode: 200 } });
      expect(serve.stdout()).not.toContain('tok-s3cret');
    } finally {
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
    }
  });
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
