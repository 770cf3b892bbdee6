// A title search on a PostgreSQL connection that stops answering must end at its deadline and
// give its connection up, as a build does, so that the service's slots and the pool free up and
// the service serves again once the network recovers. The database "stops" behind a proxy the
// test controls (see test/support/freezable-proxy.ts); the shared server is never touched.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailable } from '../src/note-context-error.js';
import { BuildSlots } from '../src/host/build-slots.js';
import { NoteService } from '../src/host/note-service.js';
import { contextRequestSchema } from '../src/host/context-request-schema.js';
import { serviceErrorOf } from '../src/host/service-error.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { startFreezableProxy, type FreezableProxy } from './support/freezable-proxy.js';
import { hubNotebook } from './support/hub-notebook.js';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './support/postgres-test-database.js';

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
  proxy?.thaw();
  await Promise.all(stores.map((store) => store.destroy()));
  await proxy?.close();
  await database?.drop();
});

/** A store over its own pool, every connection through the proxy; the server stops statements after 300 ms. */
function proxiedStore(poolSize: number): PostgresNoteStore {
  const url = new URL(database.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const store = PostgresNoteStore.fromUrl(url.toString(), { queryTimeoutMs: 300, connectTimeoutMs: 2_000, poolSize });
  stores.push(store);
  return store;
}

const outcome = (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (error: unknown) => error,
  );

describe('findNotes on a PostgreSQL connection that stops answering', () => {
  it('fails at its deadline with StoreUnavailable and destroys the connection: the one-connection pool serves the next search', async () => {
    const store = proxiedStore(1);
    expect(await store.findNotes('hub', { limit: 1 })).toHaveLength(1);
    proxy.freeze();
    const failed = await outcome(store.findNotes('hub', { limit: 1 }));
    expect(failed).toBeInstanceOf(StoreUnavailable);
    expect((failed as Error).message).toBe('a note search failed: no answer from the database within 800 ms');
    // The frozen connection stays frozen; a new one gets through.
    proxy.healNew();
    expect(await store.findNotes('hub', { limit: 1 })).toHaveLength(1);
  });

  it('an aborted signal gives the search up at once, with the signal’s reason', async () => {
    const store = proxiedStore(1);
    await store.findNotes('hub', { limit: 1 });
    proxy.freeze();
    const controller = new AbortController();
    const search = outcome(store.findNotes('hub', { limit: 1, signal: controller.signal }));
    const reason = new Error('the caller left');
    setTimeout(() => controller.abort(reason), 100);
    expect(await search).toBe(reason);
    proxy.healNew();
    expect(await store.findNotes('hub', { limit: 1 })).toHaveLength(1);
  });

  it('stalled searches fill the slots, end at their deadline, and free them: the service serves searches and builds once the network recovers', async () => {
    const slots = new BuildSlots({ max: 2, queue: 0 });
    const service = new NoteService(proxiedStore(3), slots);
    const found = await service.findNotes({ query: 'hub' });
    proxy.freeze();
    const calls = [1, 2, 3, 4].map(() => outcome(service.findNotes({ query: 'hub' }, { timeoutMs: 5_000 })));
    const codes = (await Promise.all(calls)).map((error) => serviceErrorOf(error).code);
    expect(codes.sort()).toEqual(['busy', 'busy', 'unavailable', 'unavailable']);
    expect(slots.inFlight).toBe(0);
    proxy.healNew();
    expect(await service.findNotes({ query: 'hub' })).toEqual(found);
    const built = await service.context(contextRequestSchema('json'), { focus: 3, budget: 100 }, { timeoutMs: 5_000 });
    expect('focusNote' in built.result && built.result.focusNote.uriAndTitle).toMatch(/\(\/n3\)$/);
  });
});
