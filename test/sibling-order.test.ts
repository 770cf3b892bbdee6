// sibling_order is a BIGINT, and some schemas let it be NULL. A value beyond ±(2^53 − 1) must
// be read exactly (a JavaScript number would round it, and a page's key would skip or repeat
// notes), and a NULL sorts before every number, then by id: in SQL and in the core alike.
import { Kysely, MysqlDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { StoreUnavailable } from '../src/note-context-error.js';
import { compareSiblingKeys, type SiblingKey } from '../src/model/note-record.js';
import { parseFixture } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { parseMysqlUrl } from '../src/store/mysql/parse-mysql-url.js';
import type { NoteDatabase } from '../src/store/mysql/note-table.js';
import type { NoteReader } from '../src/store/note-store.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';

// The children of note 1, with the order each one's row holds, written as SQL text.
const ORDERS: Record<number, string> = {
  10: '9223372036854775807',
  11: '-9223372036854775808',
  12: '9007199254740993',
  13: '9007199254740992',
  14: 'NULL',
  15: '0',
  16: 'NULL',
  17: '-9007199254740993',
  18: '9007199254740993',
};
// Written by hand from the rule: NULLs first (by id), then by exact value, ties by id.
const ASCENDING = [14, 16, 11, 17, 15, 13, 12, 18, 10];

let database: TestDatabase;
let store: MysqlNoteStore;

beforeAll(async () => {
  database = await createTestDatabase();
  const children = Object.keys(ORDERS).map((id) => ({ id: Number(id), title: `child ${id}`, parentId: 1 }));
  await loadFixture(database.db, parseFixture({ notes: [{ id: 1, title: 'parent' }, ...children] }));
  await sql`ALTER TABLE note MODIFY sibling_order BIGINT NULL`.execute(database.db);
  for (const [id, order] of Object.entries(ORDERS)) {
    await sql`UPDATE note SET sibling_order = ${sql.raw(order)} WHERE id = ${Number(id)}`.execute(database.db);
  }
  // The host's pool as a host might make it, without supportBigNumbers: the store asks for it per statement.
  store = MysqlNoteStore.fromPool(database.pool);
});
afterAll(async () => {
  await store?.destroy();
  await database?.drop();
});

async function withReader<T>(read: (reader: NoteReader) => Promise<T>): Promise<T> {
  const reader = await store.openReader({ detailsLimit: 10 });
  try {
    return await read(reader);
  } finally {
    await reader.close();
  }
}

describe('sibling_order beyond the safe integers, and NULL', () => {
  it('reads each order exactly: a bigint past ±(2^53 − 1), null for NULL', async () => {
    const records = await withReader(async (reader) => (await reader.read(Object.keys(ORDERS).map((id) => ({ kind: 'note', id: Number(id), full: false }))))).then(
      (lists) => lists.flat(),
    );
    expect(Object.fromEntries(records.map((record) => [record.id, record.siblingOrder === null ? 'NULL' : String(record.siblingOrder)]))).toEqual(ORDERS);
    expect(records.find((record) => record.id === 15)!.siblingOrder).toBe(0);
  });

  for (const direction of ['asc', 'desc'] as const) {
    it(`pages of two children (${direction}) cover every child once, in the rule's order, keyed on exact orders`, async () => {
      const seen = await withReader(async (reader) => {
        const ids: number[] = [];
        let after: SiblingKey | undefined;
        for (;;) {
          const [page] = await reader.read([{ kind: 'children', parentId: 1, direction, limit: 2, ...(after && { after }) }]);
          if (page!.length === 0) return ids;
          ids.push(...page!.map((record) => record.id));
          after = page!.at(-1)!;
        }
      });
      expect(seen).toEqual(direction === 'asc' ? ASCENDING : [...ASCENDING].reverse());
    });
  }

  it('the core compares keys by the same rule', () => {
    const keys = Object.entries(ORDERS).map(([id, order]) => ({ id: Number(id), siblingOrder: order === 'NULL' ? null : BigInt(order) }));
    expect([...keys].sort(compareSiblingKeys).map((key) => key.id)).toEqual(ASCENDING);
    // Numbers and bigints mixed, as a store hands them (a number while safe).
    const mixed = keys.map((key) => ({ ...key, siblingOrder: typeof key.siblingOrder === 'bigint' && Number.isSafeInteger(Number(key.siblingOrder)) ? Number(key.siblingOrder) : key.siblingOrder }));
    expect([...mixed].sort(compareSiblingKeys).map((key) => key.id)).toEqual(ASCENDING);
  });

  it('builds read such rows: the parent lists its children in order, and a child’s siblings are those beside it', async () => {
    const parent = await buildContext(store, { focus: 1, budget: 10_000, tokenizer: 'one-per-note' });
    expect(parent.result.focusNote.children).toEqual(ASCENDING.map((id) => `[child ${id}](/n${id})`));
    const middle = await buildContext(store, { focus: 13, budget: 10_000, tokenizer: 'one-per-note' });
    const at = ASCENDING.indexOf(13);
    expect(middle.result.focusNote.priorSiblings).toEqual(ASCENDING.slice(0, at).map((id) => `[child ${id}](/n${id})`));
    expect(middle.result.focusNote.youngerSiblings).toEqual(ASCENDING.slice(at + 1).map((id) => `[child ${id}](/n${id})`));
  });

  it('over a host’s Kysely pool made without supportBigNumbers: a one-line StoreUnavailable naming the column and the setting, never a zod dump', async () => {
    const host = new Kysely<NoteDatabase>({ dialect: new MysqlDialect({ pool: createPool({ ...parseMysqlUrl(database.url), connectionLimit: 2 }) }) });
    const overKysely = new MysqlNoteStore(host);
    try {
      const failed = await buildContext(overKysely, { focus: 1, budget: 100 }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(StoreUnavailable);
      expect((failed as Error).message).toMatch(/^a note row could not be read \(sibling_order: .*\); a mysql2 pool needs supportBigNumbers: true$/);
    } finally {
      await overKysely.destroy();
      await host.destroy();
    }
  });
});
