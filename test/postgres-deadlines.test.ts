import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { StoreUnavailable } from '../src/note-context-error.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import type { ReadRequest, ReadScope } from '../src/store/note-store.js';
import { CLIENT_GRACE_MS as POSTGRES_CLIENT_GRACE_MS } from '../src/store/sql/sql-note-reader.js';
import { PostgresNoteStore, type PostgresStoreOptions } from '../src/store/postgres/postgres-note-store.js';
import { atAbort } from './support/at-abort.js';
import { startFreezableProxy, type FreezableProxy } from './support/freezable-proxy.js';
import { hubNotebook } from './support/hub-notebook.js';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './support/postgres-test-database.js';

// A server that stopped, or a connection the network dropped, never answers, not even to say
// that `statement_timeout` passed: a proxy that stops forwarding shows the client gives up alone.

const SCOPE: ReadScope = { detailsLimit: 1000 };
const HUB_BUILD = { focus: 3, budget: 500, tokenizer: 'estimate' } as const;
const READ_HUB: ReadRequest[] = [{ kind: 'note', id: 3, full: false }, { kind: 'children', parentId: 3, direction: 'asc', limit: 5 }];

let database: PostgresTestDatabase;
let proxy: FreezableProxy;
const stores: PostgresNoteStore[] = [];

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  await loadFixture(database.db, hubNotebook(10, 2));
  const server = new URL(database.url);
  proxy = await startFreezableProxy({ host: server.hostname, port: Number(server.port || 5432) });
});
afterEach(() => proxy.thaw());
afterAll(async () => {
  await Promise.all(stores.map((store) => store.destroy()));
  await proxy?.close();
  await database?.drop();
});

function proxiedStore(options: PostgresStoreOptions = {}): PostgresNoteStore {
  const url = new URL(database.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.password = 'not-needed-secret';
  const store = PostgresNoteStore.fromUrl(url.toString(), { connectTimeoutMs: 2_000, ...options });
  stores.push(store);
  return store;
}

/** The hub's title and its first children, read through `store`. */
async function readHub(store: PostgresNoteStore, signal?: AbortSignal) {
  const reader = await store.openReader(SCOPE, signal);
  try {
    const [hub, children] = await reader.read(READ_HUB);
    return [hub![0]!.title, children!.length];
  } finally {
    await reader.close();
  }
}

async function settle(work: Promise<unknown>, from: () => number) {
  const outcome = await work.then(
    () => ({ rejected: false as const, reason: undefined as unknown }),
    (reason: unknown) => ({ rejected: true as const, reason }),
  );
  return { ...outcome, latency: performance.now() - from() };
}

describe('the PostgreSQL store on a connection that stops answering', () => {
  it('an abort rejects a frozen read with the signal’s reason at once, destroys the connection, and the store serves the next build', async () => {
    const store = proxiedStore({ poolSize: 1 });
    expect(await readHub(store)).toEqual(['Hub', 5]);
    await store.idle();
    const controller = new AbortController();
    const reader = await store.openReader(SCOPE, controller.signal);
    proxy.freeze();
    const reason = new Error('the caller gave up');
    const outcome = await atAbort(reader.read(READ_HUB), controller, reason, 300);
    expect(outcome).toEqual({ state: 'rejected', reason });
    await expect(reader.read(READ_HUB)).rejects.toBe(reason);
    await reader.close();
    // The pool's one connection was destroyed: a fresh one, through a proxy that forwards again.
    proxy.healNew();
    const accepted = proxy.accepted;
    expect(await readHub(store)).toEqual(['Hub', 5]);
    expect(proxy.accepted).toBe(accepted + 1);
  });

  it('with no abort, a frozen read fails by the client’s deadline (queryTimeoutMs + grace) with a message naming no address or secret', async () => {
    const store = proxiedStore({ queryTimeoutMs: 300, poolSize: 1 });
    expect(await readHub(store)).toEqual(['Hub', 5]);
    await store.idle();
    const reader = await store.openReader(SCOPE);
    proxy.freeze();
    const started = performance.now();
    const outcome = await settle(reader.read(READ_HUB), () => started);
    await reader.close();
    expect(outcome.reason).toBeInstanceOf(StoreUnavailable);
    const message = (outcome.reason as Error).message;
    // The snapshot's start, sent first on the frozen connection, reaches its deadline first.
    expect(message).toBe(`cannot open a read transaction: no answer from the database within ${300 + POSTGRES_CLIENT_GRACE_MS} ms`);
    expect(message).not.toMatch(/127\.0\.0\.1|secret|\d{4,5}\b(?! ms)/);
    // Not before the deadline; after it, only "it does not hang" (a loaded machine runs late).
    expect(outcome.latency).toBeGreaterThanOrEqual(300 + POSTGRES_CLIENT_GRACE_MS - 5);
    expect(outcome.latency).toBeLessThan(5_000);
    proxy.healNew();
    expect(await readHub(store)).toEqual(['Hub', 5]);
  });

  it('an unreachable server is one line naming neither the address nor the password', async () => {
    for (const [url, reason] of [
      ['postgres://u:s3cret@127.0.0.1:1/db', 'connect ECONNREFUSED'],
      ['postgres://u:s3cret@db-host.invalid:5432/db', 'getaddrinfo ENOTFOUND'],
    ] as const) {
      const store = PostgresNoteStore.fromUrl(url, { connectTimeoutMs: 2_000 });
      stores.push(store);
      await expect(readHub(store)).rejects.toThrow(new StoreUnavailable(`cannot reach the database: ${reason}`));
    }
  });

  it('does not leak the pool: 6 reads aborted on frozen connections, on a pool of 2, then a good one while those stay frozen', async () => {
    const store = proxiedStore({ poolSize: 2 });
    for (let build = 0; build < 6; build++) {
      proxy.freeze();
      const controller = new AbortController();
      const reading = readHub(store, controller.signal);
      setTimeout(() => controller.abort('gave up'), 100);
      await expect(reading).rejects.toBe('gave up');
    }
    proxy.healNew();
    expect(await readHub(store)).toEqual(['Hub', 5]);
  });

  it('the server stops a statement after queryTimeoutMs by itself (statement_timeout)', async () => {
    // A "table" that is a view taking the server a 20 ms sleep for each of its notes: far past
    // 200 ms. Its estimates stay those of the notes, so the statement that reads it in several
    // places is not worth the server's JIT compilation, which no timeout interrupts.
    const store = PostgresNoteStore.fromPool(database.pool, { queryTimeoutMs: 200, table: 'slow' });
    stores.push(store);
    await database.db.schema.dropView('slow').ifExists().execute();
    await database.pool.query(`CREATE VIEW slow AS SELECT n.* FROM note n WHERE length(pg_sleep(0.02)::text) >= 0`);
    const reader = await store.openReader(SCOPE);
    const failure = await reader.read(READ_HUB).then(() => undefined, (error: unknown) => error);
    await reader.close();
    // The server said so, before the client's own deadline (which says "no answer from the database").
    expect((failure as Error).message).toBe('a note query failed: canceling statement due to statement timeout');
  });

  it('a pool with no connection to give: an abort rejects the waiting opening at once, and the connection it gets later goes straight back', async () => {
    const store = proxiedStore({ poolSize: 1 });
    const holder = await store.openReader(SCOPE);
    const waiting = new AbortController();
    const queued = await atAbort(store.openReader(SCOPE, waiting.signal), waiting, 'no connection', 300);
    expect(queued).toEqual({ state: 'rejected', reason: 'no connection' });
    await holder.close();
    const { result } = await buildContext(store, HUB_BUILD);
    expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
  });

  it('bounds a whole build that passes no signal: a frozen server fails it with StoreUnavailable by the client’s deadline, and the store recovers', async () => {
    const store = proxiedStore({ queryTimeoutMs: 300, poolSize: 1 });
    await buildContext(store, HUB_BUILD);
    await store.idle(); // leaves an idle pooled connection, which then freezes
    proxy.freeze();
    const started = performance.now();
    await expect(buildContext(store, HUB_BUILD)).rejects.toBeInstanceOf(StoreUnavailable);
    // The client's deadline is 800 ms: it does not hang.
    expect(performance.now() - started).toBeLessThan(5_000);
    proxy.healNew();
    const { result } = await buildContext(store, HUB_BUILD);
    expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
  });

  it('over a host’s Kysely instance an abort rejects at once too; the connection returns, rolled back, once the server answers', async () => {
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    pool.on('error', () => undefined);
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    try {
      const store = new PostgresNoteStore(db);
      expect((await buildContext(store, HUB_BUILD)).result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
      await store.idle();
      const controller = new AbortController();
      const reader = await store.openReader(SCOPE, controller.signal);
      proxy.freeze();
      const outcome = await atAbort(reader.read(READ_HUB), controller, 'gave up', 100);
      expect(outcome).toEqual({ state: 'rejected', reason: 'gave up' });
      await reader.close();
      proxy.thaw();
      await store.idle();
      // The pool's only connection is back outside any transaction: now() is this statement's own start.
      const { rows } = await sql<{ alone: boolean }>`SELECT now() = statement_timestamp() AS alone`.execute(db);
      expect(rows[0]!.alone).toBe(true);
      expect((await buildContext(store, HUB_BUILD)).result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
    } finally {
      await db.destroy();
    }
  });
});
