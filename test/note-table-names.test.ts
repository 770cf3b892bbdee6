import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailable, ValidationError } from '../src/note-context-error.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { parseColumnsFlag, resolveNoteTable } from '../src/store/sql/note-table-names.js';
import { hubNotebook } from './support/hub-notebook.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './support/postgres-test-database.js';

const RENAMED = { table: 'notes', columns: { title: 'name', details: 'body' } } as const;

let mysql: TestDatabase;
let postgres: PostgresTestDatabase;
beforeAll(async () => {
  [mysql, postgres] = await Promise.all([createTestDatabase(), createPostgresTestDatabase()]);
  await loadFixture(mysql.db, hubNotebook(3, 1), {}, RENAMED);
  await loadFixture(postgres.db, hubNotebook(3, 1), {}, RENAMED);
});
afterAll(async () => {
  await mysql?.drop();
  await postgres?.drop();
});

const engines = {
  mysql: (options: object) => MysqlNoteStore.fromPool(mysql.pool, options),
  postgres: (options: object) => PostgresNoteStore.fromPool(postgres.pool, options),
};

async function firstRead(store: NoteStore) {
  const reader = await store.openReader({ detailsLimit: 10 });
  try {
    return await reader.read([{ kind: 'note', id: 3, full: false }]);
  } finally {
    await reader.close();
  }
}

describe('a host’s own table and column names', () => {
  for (const [engine, storeWith] of Object.entries(engines)) {
    it(`${engine}: a mapped column that is not there is one clear error at the first build, naming it and its option`, async () => {
      const store = storeWith({ ...RENAMED, columns: { ...RENAMED.columns, parentId: 'up' } });
      const error = await firstRead(store).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreUnavailable);
      expect((error as Error).message).toBe('the notes table "notes" has no column "up" (option columns.parentId)');
      // Every later build says the same, until the table has it.
      await expect(firstRead(store)).rejects.toThrow('the notes table "notes" has no column "up" (option columns.parentId)');
    });

    it(`${engine}: a table that is not there, or a Doughnut table missing a column`, async () => {
      await expect(firstRead(storeWith({ table: 'nothing_here' }))).rejects.toThrow('the notes table "nothing_here" (option table) is not there');
      // The renamed table read as Doughnut's: its title column is missing.
      await expect(firstRead(storeWith({ table: 'notes' }))).rejects.toThrow('the notes table "notes" has no column "topic_constructor" (option columns.title)');
    });

    it(`${engine}: the right names read the notes`, async () => {
      const hub = (await firstRead(storeWith(RENAMED)))[0]![0]!;
      expect([hub.title, hub.details]).toEqual(['Hub', 'A note with']);
    });
  }

  it('bad names are a ValidationError naming the option, before anything is read', () => {
    expect(() => resolveNoteTable({ columns: { titel: 'name' } as never })).toThrow('unknown option "columns.titel"');
    expect(() => new PostgresNoteStore(postgres.pool, { table: 'a.b.c' })).toThrow(ValidationError);
    expect(() => MysqlNoteStore.fromPool(mysql.pool, { columns: { title: '' } })).toThrow(/^columns\.title: expected a column name/);
    expect(() => parseColumnsFlag('title=name,colour=red')).toThrow(/^--columns: expected field=column pairs.*got "colour=red"$/);
    expect(parseColumnsFlag('title=name, details=body')).toEqual({ title: 'name', details: 'body' });
  });

  it('names are quoted, never spliced: a name holding a quote is only a name that is not there', async () => {
    const evil = `name" FROM notes; DROP TABLE notes; --`;
    await expect(firstRead(engines.postgres({ ...RENAMED, columns: { title: evil } }))).rejects.toThrow(`has no column "${evil}" (option columns.title)`);
    const evilMysql = 'name` FROM notes; DROP TABLE notes; --';
    await expect(firstRead(engines.mysql({ ...RENAMED, columns: { title: evilMysql } }))).rejects.toThrow(`has no column "${evilMysql}" (option columns.title)`);
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM notes`.execute(postgres.db);
    expect(Number(rows[0]!.n)).toBe(hubNotebook(3, 1).notes.length);
  });
});
