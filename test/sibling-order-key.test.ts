import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOUGHNUT_NOTE_DDL } from '../bench/doughnut-note-ddl.js';
import { loadDoughnutTable } from '../bench/load-doughnut-table.js';
import { buildContext } from '../src/build-context.js';
import { renderJson } from '../src/result/render-json.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { MysqlReadPool } from '../src/store/mysql/mysql-pool-source.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { RECOMMENDED_INDEX_DDL } from '../src/store/mysql/note-table-ddl.js';
import { siblingOrderIndexProbe, siblingOrderKeyOf } from '../src/store/mysql/sibling-order-key.js';
import { DOUGHNUT_NOTE_TABLE, resolveNoteTable } from '../src/store/sql/note-table-names.js';
import { hubNotebook } from './support/hub-notebook.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function keyOf(...statements: string[]) {
  await sql`DROP TABLE IF EXISTS note`.execute(database.db);
  for (const statement of statements) await sql.raw(statement).execute(database.db);
  const { rows } = await siblingOrderIndexProbe(DOUGHNUT_NOTE_TABLE).execute(database.db);
  return siblingOrderKeyOf(rows);
}

describe('how the MySQL store orders pages for the indexes a table has', () => {
  it('by an expression on Doughnut’s own table, whose only index on the sibling order is that column alone', async () => {
    expect(await keyOf(DOUGHNUT_NOTE_DDL)).toBe('expression');
  });

  it('by the column once an index leads with (parent_id, sibling_order), the recommended one or a shorter one', async () => {
    expect(await keyOf(DOUGHNUT_NOTE_DDL, RECOMMENDED_INDEX_DDL)).toBe('column');
    expect(await keyOf(DOUGHNUT_NOTE_DDL, 'CREATE INDEX by_parent_order ON note (parent_id, sibling_order)')).toBe('column');
  });

  it('by an expression when the two columns are indexed the other way round, or not next to each other', async () => {
    expect(await keyOf(DOUGHNUT_NOTE_DDL, 'CREATE INDEX by_order_parent ON note (sibling_order, parent_id)')).toBe('expression');
    expect(await keyOf(DOUGHNUT_NOTE_DDL, 'CREATE INDEX by_parent_notebook ON note (parent_id, notebook_id, sibling_order)')).toBe('expression');
  });

  it('looks at a host’s own table and columns, in the connection’s database or the one named', async () => {
    await sql`DROP TABLE IF EXISTS notes`.execute(database.db);
    await sql.raw('CREATE TABLE notes (id INT PRIMARY KEY, up INT, position BIGINT, KEY by_up_position (up, position))').execute(database.db);
    const schema = new URL(database.url).pathname.slice(1);
    const key = async (table: string, parentId: string, siblingOrder: string) =>
      siblingOrderKeyOf((await siblingOrderIndexProbe(resolveNoteTable({ table, columns: { parentId, siblingOrder } })).execute(database.db)).rows);
    expect(await key('notes', 'up', 'position')).toBe('column');
    expect(await key(`${schema}.notes`, 'up', 'position')).toBe('column');
    expect(await key(`${schema}_elsewhere.notes`, 'up', 'position')).toBe('expression');
    expect(await key('notes', 'position', 'up')).toBe('expression');
    await sql`DROP TABLE notes`.execute(database.db);
  });

  it('gives the same JSON on Doughnut’s table, with the index-aware pages on and off, and writes its pages for the index it found', async () => {
    const fixture = hubNotebook(1500, 300);
    await sql`DROP TABLE IF EXISTS note`.execute(database.db);
    await loadDoughnutTable(database.pool.promise(), fixture);
    const memory = new MemoryNoteStore(fixture);
    const sent: string[] = [];
    const logging: MysqlReadPool = {
      getConnection: (callback) =>
        database.pool.getConnection((error, connection) => {
          if (error) return callback(error, connection);
          callback(null, {
            config: connection.config,
            query: (options, values, done) => {
              sent.push(typeof options === 'string' ? options : options.sql);
              return connection.query(typeof options === 'string' ? { sql: options } : options, values, done);
            },
            release: () => connection.release(),
            destroy: () => connection.destroy(),
          });
        }),
      end: (callback) => callback(),
    };
    for (const [layout, expected] of [
      ['Doughnut’s DDL', true],
      ['with the recommended index', false],
    ] as const) {
      if (!expected) await sql.raw(RECOMMENDED_INDEX_DDL).execute(database.db);
      const aware = MysqlNoteStore.fromPool(logging);
      const plain = MysqlNoteStore.fromPool(database.pool, { indexAwarePages: false });
      sent.length = 0;
      // The hub, a child among 1,499 siblings, a referring note, the root.
      for (const focus of [3, 20, 1520, 1]) {
        const want = renderJson((await buildContext(memory, { focus, budget: 2000 })).result);
        expect(renderJson((await buildContext(aware, { focus, budget: 2000 })).result), `${layout}, focus ${focus}`).toBe(want);
        expect(renderJson((await buildContext(plain, { focus, budget: 2000 })).result), `${layout}, focus ${focus}, plain`).toBe(want);
      }
      expect(sent.some((text) => text.includes('information_schema.statistics')), layout).toBe(true);
      expect(sent.some((text) => text.includes('(n.sibling_order + 0)')), layout).toBe(expected);
      await Promise.all([aware.destroy(), plain.destroy()]);
    }
  });
});
