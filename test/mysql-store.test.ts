import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Pool } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { TOKENIZER_NAMES } from '../src/budget/tokenizer.js';
import { StoreUnavailable } from '../src/note-context-error.js';
import { renderJson } from '../src/result/render-json.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { Fixture, NoteData } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import type { MysqlReadPool } from '../src/store/mysql/mysql-pool-source.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteReader, NoteStore } from '../src/store/note-store.js';
import { runCli } from '../src/cli/run-cli.js';
import { hubNotebook } from './support/hub-notebook.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { notebookWithHub, randomNotebook, readableNotebooks, storableInMysql } from './support/random-notebook.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function loadFresh(fixture: Fixture, recommendedIndex = true): Promise<void> {
  await sql`DROP TABLE IF EXISTS note`.execute(database.db);
  await loadFixture(database.db, fixture, { recommendedIndex });
}

async function hasRecommendedIndex(): Promise<boolean> {
  const { rows } = await sql`SHOW INDEX FROM note WHERE Key_name = 'idx_note_parent_sibling_order'`.execute(database.db);
  return rows.length > 0;
}

/** Adds a hub: `count` children of one random note, some of them referring to another. */
const withHub = (fixture: Fixture) =>
  fc.record({ hub: fc.integer({ min: 1, max: fixture.notes.length }), count: fc.integer({ min: 100, max: 400 }) }).map(({ hub, count }) => {
    const start = fixture.notes.length + 1;
    const extra: NoteData[] = Array.from({ length: count }, (_, index) => ({
      id: start + index,
      title: `hub child ${index}`,
      ...(index % 3 === 0 && { details: 'd'.repeat(index % 50) }),
      parentId: hub,
      ...(index % 7 === 0 && { objectId: 1 + (index % fixture.notes.length) }),
      siblingOrder: index % 11,
      notebookId: 1 + (index % 3),
      ...(index % 13 === 0 && { deletedAt: '2026-02-02T00:00:00Z' }),
    }));
    return { ...fixture, notes: [...fixture.notes, ...extra] };
  });


describe('the MySQL store', () => {
  // Results never depend on the recommended index (spec 8): the property runs with and without it.
  for (const [recommendedIndex, runs] of [[true, 40], [false, 40]] as const) {
    it(`gives byte-identical JSON to the in-memory store on random notebooks, for all four tokenizers (${runs} notebooks, ${recommendedIndex ? 'with' : 'without'} the recommended index)`, async () => {
      let bothWays = 0;
      const notebooks = fc
        .oneof(randomNotebook(), randomNotebook({ maxNotes: 15 }).chain(withHub), notebookWithHub().map(({ fixture }) => fixture))
        .map(storableInMysql);
      await fc.assert(
        fc.asyncProperty(notebooks, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2500 }), readableNotebooks), { minLength: 3, maxLength: 3 }), async (fixture, builds) => {
          await loadFresh(fixture, recommendedIndex);
          expect(await hasRecommendedIndex()).toBe(recommendedIndex);
          const sent = statementsOf(database.pool);
          const mysql = MysqlNoteStore.fromPool(sent.pool);
          const memory = new MemoryNoteStore(fixture);
          for (const [pick, budget, readable] of builds) {
            const focus = 1 + (pick % fixture.notes.length);
            for (const tokenizer of TOKENIZER_NAMES) {
              const options = { focus, budget, tokenizer, ...(readable && { readableNotebooks: readable }) };
              // The result and the report but its round trips: what the walk skipped and considered too.
              const written = (out: Awaited<ReturnType<typeof buildContext>>) => `${renderJson(out.result)} ${JSON.stringify({ ...out.report, roundTrips: 0 })}`;
              const expected = await buildContext(memory, options).then(written, (error: Error) => error.name);
              const actual = await buildContext(mysql, options).then(written, (error: Error) => error.name);
              expect(actual).toBe(expected);
            }
          }
          // Filtered pages of the same children, one each way, read by one scan.
          bothWays += sent.log.filter(({ text }) => text.includes('PARTITION BY n.way')).length;
        }),
        { numRuns: runs },
      );
      expect(bothWays).toBeGreaterThanOrEqual(5);
    });
  }

  // Without the recommended index every page of children sorts all of them: the first pages, read with the focus
  // note, are read 80 wide, and the pages of 64 that follow them are answered from those rows (the child, 20).
  const tripsByIndex = [
    [true, ['3 o200k: 6', '3 estimate: 4', '2 o200k: 2', '2 estimate: 2', '20 o200k: 5', '20 estimate: 5',
      '5020 o200k: 8', '5020 estimate: 8', '11 o200k: 4', '11 estimate: 4', '1 o200k: 2', '1 estimate: 2']],
    [false, ['3 o200k: 6', '3 estimate: 4', '2 o200k: 2', '2 estimate: 2', '20 o200k: 4', '20 estimate: 4',
      '5020 o200k: 8', '5020 estimate: 8', '11 o200k: 4', '11 estimate: 4', '1 o200k: 2', '1 estimate: 2']],
  ] as const;
  for (const [recommendedIndex, expectedTrips] of tripsByIndex) it(`a hub with 5,000 children and 5,000 referring notes, and every kind of note around it, cost the same few round trips every time (${recommendedIndex ? 'with' : 'without'} the recommended index)`, async () => {
    await loadFresh(hubNotebook(5000, 5000), recommendedIndex);
    const sent = statementsOf(database.pool);
    const store = MysqlNoteStore.fromPool(sent.pool);
    // The hub, its parent, a child (4,999 siblings), a referring note (4,999 cousins), a hub sibling, the root.
    const trips: string[] = [];
    for (const focus of [3, 2, 20, 5020, 11, 1]) {
      for (const tokenizer of ['o200k', 'estimate'] as const) {
        sent.log.length = 0;
        const { report } = await buildContext(store, { focus, budget: 2000, tokenizer });
        // What reached the server before the build returned: the flavour on the store's first
        // build, the snapshot's start, the table's indexes on the store's first build, then every read; the rollback is sent last, not waited on.
        const before = sent.log.map(({ kind }) => kind);
        expect(before.at(-1)).toBe('ROLLBACK');
        expect(report.roundTrips).toBe(before.length - 1);
        await store.idle();
        const kinds = sent.log.map(({ kind }) => kind).filter((kind) => kind !== 'VERSION' && kind !== 'INDEXES');
        expect(kinds).toEqual(['START', ...Array(kinds.length - 2).fill('read'), 'ROLLBACK']);
        // One connection for the whole build, so every read ran inside the snapshot.
        expect(new Set(sent.log.map(({ connection }) => connection)).size).toBe(1);
        trips.push(`${focus} ${tokenizer}: ${report.roundTrips}`);
      }
    }
    // Exact: a build's batches depend only on the notebook and the options. A starved build walks
    // a 5,000-note relation to list its first 10 skips; the size filter counts the rest in SQL.
    expect(trips).toEqual(expectedTrips);
  });

  it('a snapshot that fails to start fails the build, though the read sent after it was answered', async () => {
    await loadFresh(hubNotebook(10, 2));
    const sent = statementsOf(database.pool, (kind) => (kind === 'START' ? new Error('the snapshot was refused') : undefined));
    const store = MysqlNoteStore.fromPool(sent.pool);
    await expect(buildContext(store, { focus: 3, budget: 500 })).rejects.toThrow(/^cannot open a read transaction: the snapshot was refused$/);
    await store.idle();
    expect(sent.log.map(({ kind }) => kind)).toEqual(['VERSION', 'START', 'INDEXES', 'read', 'ROLLBACK']);
  });

  it('a build returns before its rollback is answered; the connection goes back once it is, and destroy waits for that', async () => {
    await loadFresh(hubNotebook(10, 2));
    let answer!: () => void;
    const rollback = new Promise<void>((resolve) => (answer = resolve));
    const sent = statementsOf(database.pool, () => undefined, (kind) => (kind === 'ROLLBACK' ? rollback : undefined));
    const store = MysqlNoteStore.fromPool(sent.pool); // the pool is the suite's: destroy leaves it open
    const { result } = await buildContext(store, { focus: 3, budget: 500 });
    expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
    expect(sent.log.at(-1)?.kind).toBe('ROLLBACK');
    expect(sent.released).toEqual([]);
    let destroyed = false;
    const destroying = store.destroy().then(() => (destroyed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(destroyed).toBe(false);
    answer();
    await destroying;
    expect(sent.released).toEqual([sent.log[0]!.connection]);
    expect(sent.destroyed).toEqual([]);
  });

  it('a build sees one moment of the database while another connection moves and deletes notes', async () => {
    // Focus 3 has 40 children, read a page at a time; between the build's first read and the
    // rest, another connection deletes children and moves the parent's siblings away.
    const fixture = hubNotebook(40, 5);
    await loadFresh(fixture);
    const before = renderJson((await buildContext(new MysqlNoteStore(database.db), { focus: 3, budget: 3000, tokenizer: 'estimate' })).result);

    const writeBetweenReads = async (snapshot: boolean) => {
      await loadFresh(fixture);
      const store = pausingAfterFirstRead(new MysqlNoteStore(database.db, { consistentSnapshot: snapshot }), async () => {
        await sql`UPDATE note SET deleted_at = NOW() WHERE parent_id = 3 AND sibling_order >= 8`.execute(database.db);
        await sql`UPDATE note SET parent_id = 4 WHERE parent_id = 2 AND id <> 3`.execute(database.db);
        await sql`UPDATE note SET topic_constructor = 'Renamed' WHERE id = 1`.execute(database.db);
      });
      return renderJson((await buildContext(store, { focus: 3, budget: 3000, tokenizer: 'estimate' })).result);
    };

    expect(await writeBetweenReads(true)).toBe(before);
    // The same interleaving without the snapshot sees the writes: the check above can fail.
    expect(await writeBetweenReads(false)).not.toBe(before);
  });

  it('an unreachable server gives StoreUnavailable within the connect timeout', async () => {
    const refused = MysqlNoteStore.fromUrl('mysql://root@127.0.0.1:1/test', { connectTimeoutMs: 1000 });
    const started = Date.now();
    await expect(buildContext(refused, { focus: 1, budget: 10 })).rejects.toBeInstanceOf(StoreUnavailable);
    expect(Date.now() - started).toBeLessThan(3000);
    await refused.destroy();

    // A server that accepts the connection and then says nothing.
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const hanging = MysqlNoteStore.fromUrl(`mysql://root@127.0.0.1:${port}/test`, { connectTimeoutMs: 500 });
    const begun = Date.now();
    await expect(buildContext(hanging, { focus: 1, budget: 10 })).rejects.toThrow(/cannot reach the database/);
    expect(Date.now() - begun).toBeLessThan(3000);
    await hanging.destroy();
    silent.close();
  });

  it('a query that runs too long is stopped by the server and the pool is not leaked', async () => {
    await loadFresh(hubNotebook(10, 2));
    const store = new MysqlNoteStore(database.db, { queryTimeoutMs: 300 });
    // Hold the table's metadata lock so that the build's reads wait, then time out.
    const locker = await sqlConnection();
    await locker.query('LOCK TABLES note WRITE');
    try {
      for (let attempt = 0; attempt < 10; attempt++) {
        const started = Date.now();
        await expect(buildContext(store, { focus: 3, budget: 500 })).rejects.toBeInstanceOf(StoreUnavailable);
        expect(Date.now() - started).toBeLessThan(5000);
      }
    } finally {
      await locker.query('UNLOCK TABLES');
      await locker.end();
    }
    // Ten failed builds on a pool of eight: had any leaked its connection, this would hang.
    const { result } = await buildContext(store, { focus: 3, budget: 500 });
    expect(result.focusNote.uriAndTitle).toBe('[Hub](/n3)');
  });

  it('a build’s statements may run on the server as long as the build itself, unless queryTimeoutMs says less; a search’s 5 s', async () => {
    await loadFresh(hubNotebook(10, 2));
    /** The server-side limits, in ms, of the statements `run` sent through a store of `options`. */
    const limitsSent = async (options: { queryTimeoutMs?: number }, run: (store: MysqlNoteStore) => Promise<unknown>) => {
      const sent = statementsOf(database.pool);
      const store = MysqlNoteStore.fromPool(sent.pool, options);
      await run(store);
      await store.idle();
      const limits = sent.log.flatMap(({ text }) => {
        const [, seconds, ms] = /max_statement_time = ([\d.]+)|MAX_EXECUTION_TIME\((\d+)\)/.exec(text) ?? [];
        return seconds ? [Math.round(Number(seconds) * 1000)] : ms ? [Number(ms)] : [];
      });
      return [...new Set(limits)];
    };
    const build = (timeoutMs?: number) => (store: MysqlNoteStore) => buildContext(store, { focus: 3, budget: 500, ...(timeoutMs && { timeoutMs }) });
    expect(await limitsSent({}, build())).toEqual([30_000]);
    expect(await limitsSent({}, build(12_345))).toEqual([12_345]);
    expect(await limitsSent({ queryTimeoutMs: 2_000 }, build(12_345))).toEqual([2_000]);
    expect(await limitsSent({}, (store) => store.findNotes('Hub', { limit: 5 }))).toEqual([5_000]);
    expect(await limitsSent({ queryTimeoutMs: 2_000 }, (store) => store.findNotes('Hub', { limit: 5 }))).toEqual([2_000]);
  });

  it('the CLI builds from a mysql:// URL and loads fixtures with `note-context load`', async () => {
    await sql`DROP TABLE IF EXISTS note`.execute(database.db);
    const out: string[] = [];
    const err: string[] = [];
    expect(await runCli(['load', '--db', database.url, 'fixtures/sample-notebook.json'], (t) => out.push(t), (t) => err.push(t))).toBe(0);
    expect(await runCli(['build', '--db', database.url, '--focus', '19', '--budget', '800'], (t) => out.push(t), (t) => err.push(t))).toBe(0);
    const fromMysql = out.join('');
    const fromMemory: string[] = [];
    await runCli(['build', '--focus', '19', '--budget', '800'], (t) => fromMemory.push(t));
    expect(fromMysql).toBe(fromMemory.join(''));
    const unreachable: string[] = [];
    expect(await runCli(['build', '--db', 'mysql://root@127.0.0.1:1/x', '--focus', '1', '--budget', '5'], () => {}, (t) => unreachable.push(t))).toBe(1);
    expect(unreachable.join('')).toMatch(/^note-context: cannot reach the database.*\n$/);
    expect(await runCli(['build', '--db', database.url, '--focus', '9999', '--budget', '5'], () => {}, () => {})).toBe(3);
    const fractional = join(mkdtempSync(join(tmpdir(), 'note-context-')), 'fractional.json');
    writeFileSync(fractional, JSON.stringify({ notes: [{ id: 1, title: 'a', siblingOrder: 0.5 }] }));
    const refused: string[] = [];
    expect(await runCli(['load', '--db', database.url, fractional], () => {}, (t) => refused.push(t))).toBe(2);
    expect(refused.join('')).toMatch(/notes\[0\]\.siblingOrder: the note table holds whole numbers only/);
  });
});

/** Runs `between` once, after the store's first read of a build and before its second. */
function pausingAfterFirstRead(store: NoteStore, between: () => Promise<void>): NoteStore {
  return {
    openReader: async (scope) => {
      const reader = await store.openReader(scope);
      let reads = 0;
      const paused: NoteReader = {
        read: async (requests) => {
          if (reads++ === 1) await between();
          return reader.read(requests);
        },
        get roundTrips() {
          return reader.roundTrips;
        },
        close: () => reader.close(),
      };
      return paused;
    },
  };
}

type StatementKind = 'VERSION' | 'INDEXES' | 'START' | 'ROLLBACK' | 'read';

/**
 * The pool, with every statement its connections are sent logged in order, by kind and
 * connection; `refuse` may fail a kind of statement instead of sending it.
 */
function statementsOf(
  pool: Pool,
  refuse: (kind: StatementKind) => Error | undefined = () => undefined,
  /** Holds back the answer to a kind of statement until the promise it gives settles. */
  holdAnswer: (kind: StatementKind) => Promise<void> | undefined = () => undefined,
) {
  const log: { kind: StatementKind; connection: number; text: string }[] = [];
  const released: number[] = [];
  const destroyed: number[] = [];
  const kindOf = (text: string): StatementKind =>
    text.startsWith('SELECT VERSION()')
      ? 'VERSION'
      : text.includes('information_schema.statistics')
        ? 'INDEXES'
        : text.startsWith('START') ? 'START' : text === 'ROLLBACK' ? 'ROLLBACK' : 'read';
  const counting: MysqlReadPool = {
    getConnection: (callback) =>
      pool.getConnection((error, connection) => {
        if (error) return callback(error, connection);
        callback(null, {
          config: connection.config,
          query: (options, values, done) => {
            const text = typeof options === 'string' ? options : options.sql;
            const kind = kindOf(text);
            log.push({ kind, connection: connection.threadId ?? -1, text });
            const refused = refuse(kind);
            if (refused) return setImmediate(() => done(refused, undefined));
            return connection.query(typeof options === 'string' ? { sql: options } : options, values, (queryError, result) => {
              const held = holdAnswer(kind);
              if (held) void held.then(() => done(queryError, result));
              else done(queryError, result);
            });
          },
          release: () => (released.push(connection.threadId), connection.release()),
          destroy: () => (destroyed.push(connection.threadId), connection.destroy()),
        });
      }),
    end: (callback) => pool.end(callback),
  };
  return { pool: counting, log, released, destroyed };
}

async function sqlConnection() {
  const { createConnection } = await import('mysql2/promise');
  const url = new URL(database.url);
  return createConnection({ host: url.hostname, port: Number(url.port), user: url.username, database: url.pathname.slice(1) });
}
