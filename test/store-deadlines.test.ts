import { Kysely, MysqlDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { StoreUnavailable } from '../src/note-context-error.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { CLIENT_GRACE_MS } from '../src/store/sql/sql-note-reader.js';
import { MysqlNoteStore, type MysqlStoreOptions } from '../src/store/mysql/mysql-note-store.js';
import type { NoteDatabase } from '../src/store/mysql/note-table.js';
import type { ReadRequest, ReadScope } from '../src/store/note-store.js';
import { atAbort } from './support/at-abort.js';
import { startFreezableProxy, type FreezableProxy } from './support/freezable-proxy.js';
import { hubNotebook } from './support/hub-notebook.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';

// The server enforces `queryTimeoutMs`, but a server that stopped (SIGSTOP) or a connection the
// network dropped never answers, not even to say time is up. These tests put a proxy between
// the store and the real server and make it stop forwarding: the client must give up by itself.

const SCOPE: ReadScope = { detailsLimit: 1000 };
const READ_HUB: ReadRequest[] = [{ kind: 'note', id: 3, full: false }];
const HUB_BUILD = { focus: 3, budget: 500, tokenizer: 'estimate' } as const;

let database: TestDatabase;
let proxy: FreezableProxy;
const stores: MysqlNoteStore[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await loadFixture(database.db, hubNotebook(10, 2));
  const server = new URL(database.url);
  proxy = await startFreezableProxy({ host: server.hostname, port: Number(server.port || 3306) });
});
afterEach(() => proxy.thaw());
afterAll(async () => {
  await Promise.all(stores.map((store) => store.destroy()));
  await proxy?.close();
  await database?.drop();
});

/** A store with its own pool whose connections all go through the proxy. */
function proxiedStore(options: MysqlStoreOptions = {}): MysqlNoteStore {
  const url = new URL(database.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const store = MysqlNoteStore.fromUrl(url.toString(), { connectTimeoutMs: 2_000, ...options });
  stores.push(store);
  return store;
}

describe('a build bounded by an AbortSignal', () => {
  it('a read on a frozen connection rejects with the signal’s reason at the abort; the store then serves the next build', async () => {
    const store = proxiedStore();
    const controller = new AbortController();
    const reader = await store.openReader(SCOPE, controller.signal);
    proxy.freeze();
    const reason = new Error('the caller gave up');
    const outcome = await atAbort(reader.read(READ_HUB), controller, reason, 300);
    expect(outcome).toEqual({ state: 'rejected', reason });
    // Later reads fail the same way, and closing is still safe.
    await expect(reader.read(READ_HUB)).rejects.toBe(reason);
    await reader.close();

    proxy.thaw();
    const { result } = await buildContext(store, HUB_BUILD);
    expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
  });

  it('a frozen START TRANSACTION (not waited on: the first read is queued behind it), and a pool with no connection to give', async () => {
    const store = proxiedStore({ poolSize: 1 });
    await buildContext(store, HUB_BUILD);
    await store.idle(); // the one pooled connection is back, idle
    proxy.freeze();
    const frozen = new AbortController();
    const reader = await store.openReader(SCOPE, frozen.signal);
    const outcome = await atAbort(reader.read(READ_HUB), frozen, 'frozen', 300);
    expect(outcome).toEqual({ state: 'rejected', reason: 'frozen' });
    await reader.close();

    // The only connection is held by another reader: the second waits for the pool, then gives up.
    proxy.thaw();
    const holder = await store.openReader(SCOPE);
    const waiting = new AbortController();
    const queued = await atAbort(store.openReader(SCOPE, waiting.signal), waiting, 'no connection', 300);
    expect(queued).toEqual({ state: 'rejected', reason: 'no connection' });
    // The connection the pool hands the aborted opening later goes straight back.
    await holder.close();
    const { result } = await buildContext(store, HUB_BUILD);
    expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
  });

  it('does not leak the pool: 10 builds aborted on frozen connections, on a pool of 8, then a good one while those stay frozen', async () => {
    const store = proxiedStore({ poolSize: 8 });
    const acceptedBefore = proxy.accepted;
    for (let build = 0; build < 10; build++) {
      proxy.healNew();
      const controller = new AbortController();
      const reader = await store.openReader(SCOPE, controller.signal);
      proxy.freeze();
      const outcome = await atAbort(reader.read(READ_HUB), controller, 'gave up', 20);
      expect(outcome).toEqual({ state: 'rejected', reason: 'gave up' });
      await reader.close();
    }
    // The frozen connections never come back. Had one returned to the pool, this build could
    // take it and fail by the client-side deadline; it gets a fresh connection instead.
    proxy.healNew();
    const { result } = await buildContext(store, HUB_BUILD);
    expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
    expect(proxy.accepted - acceptedBefore).toBe(11);
  });

  it('over a host’s Kysely instance an abort rejects at once too; the connection returns, rolled back, once the server answers', async () => {
    const url = new URL(database.url);
    const pool = createPool({ host: '127.0.0.1', port: proxy.port, user: url.username || 'root', database: url.pathname.slice(1), connectionLimit: 1 });
    const db = new Kysely<NoteDatabase>({ dialect: new MysqlDialect({ pool }) });
    try {
      const store = new MysqlNoteStore(db);
      const controller = new AbortController();
      const reader = await store.openReader(SCOPE, controller.signal);
      proxy.freeze();
      const outcome = await atAbort(reader.read(READ_HUB), controller, 'gave up', 100);
      expect(outcome).toEqual({ state: 'rejected', reason: 'gave up' });
      proxy.thaw();
      // The pool's only connection comes back once the read is answered, its snapshot rolled back.
      const { rows } = await sql<{ open: number }>`SELECT @@in_transaction AS open`.execute(db);
      expect(Number(rows[0]!.open)).toBe(0);
      const { result } = await buildContext(store, HUB_BUILD);
      expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
    } finally {
      await db.destroy();
    }
  });

  it('the in-memory store notices an aborted signal when opening and at each read', async () => {
    const store = new MemoryNoteStore(hubNotebook(3, 1));
    const controller = new AbortController();
    const reader = await store.openReader(SCOPE, controller.signal);
    expect(await reader.read(READ_HUB)).toHaveLength(1);
    controller.abort('stop');
    await expect(reader.read(READ_HUB)).rejects.toBe('stop');
    await expect(store.openReader(SCOPE, controller.signal)).rejects.toBe('stop');
  });
});

describe('the client-side deadline', () => {
  it(`fails a read the frozen server never answers after queryTimeoutMs + ${CLIENT_GRACE_MS} ms, with StoreUnavailable`, async () => {
    const store = proxiedStore({ queryTimeoutMs: 500 });
    const reader = await store.openReader(SCOPE);
    proxy.freeze();
    const started = performance.now();
    const failure = await reader.read(READ_HUB).catch((error: unknown) => error);
    const elapsed = performance.now() - started;
    expect(failure).toBeInstanceOf(StoreUnavailable);
    expect((failure as Error).message).toMatch(/no answer from the database within 1000 ms/);
    // Not before the deadline; after it, only "it does not hang" (a loaded machine runs late).
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(5_000);
    await reader.close();
  });

  it('bounds a whole build that passes no signal: a frozen server fails it with StoreUnavailable, and the store recovers', async () => {
    const store = proxiedStore({ queryTimeoutMs: 500 });
    await buildContext(store, HUB_BUILD);
    await store.idle(); // leaves an idle pooled connection, which then freezes
    proxy.freeze();
    const started = performance.now();
    await expect(buildContext(store, HUB_BUILD)).rejects.toBeInstanceOf(StoreUnavailable);
    // The client's deadline is 1,000 ms: it does not hang.
    expect(performance.now() - started).toBeLessThan(5_000);
    proxy.thaw();
    const { result } = await buildContext(store, HUB_BUILD);
    expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
  });
});
