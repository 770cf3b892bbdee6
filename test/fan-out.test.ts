import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { createNoteTableStatements } from '../src/store/sql/create-note-table-statements.js';
import { DOUGHNUT_NOTE_TABLE } from '../src/store/sql/note-table-names.js';
import { FAN_OUT, FIRST_CHILD, FIRST_CONTAINER, FIRST_REFERRING, heavyTailedFanOut, HUB, REFERENCES } from './support/heavy-tailed-fan-out.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './support/postgres-test-database.js';

/**
 * The notes of support/heavy-tailed-fan-out.ts on Doughnut's DDL with only its own indexes, inserted by the database
 * itself from a table of 100,000 numbers (five digits joined) with the same formulas as in memory.
 */
async function insertFanOut(db: Kysely<any>, engine: 'mysql' | 'postgres'): Promise<void> {
  for (const statement of createNoteTableStatements(engine, DOUGHNUT_NOTE_TABLE, false)) await statement.execute(db);
  const [textType, integerType] = engine === 'mysql' ? ['CHAR', 'SIGNED'] : ['text', 'bigint'];
  const digits = sql.raw(`(SELECT 0 AS d UNION ALL ${Array.from({ length: 9 }, (_, d) => `SELECT ${d + 1}`).join(' UNION ALL ')})`);
  const numbers = sql`(SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d AS i FROM ${digits} a, ${digits} b, ${digits} c, ${digits} e, ${digits} f) AS s`;
  const text = (value: RawSql) => sql`CAST(${value} AS ${sql.raw(textType)})`;
  type RawSql = ReturnType<typeof sql.raw>;
  const spread = (id: RawSql) => sql`CAST((${id} * 7919) % 1000 AS ${sql.raw(integerType)})`;
  const words = (id: RawSql) => sql`FLOOR(${spread(id)} * ${spread(id)} * ${spread(id)} * ${spread(id)} / 625000000)`;
  const details = (id: RawSql) => sql`CASE WHEN ${words(id)} = 0 THEN NULL ELSE REPEAT(CONCAT('lorem', ${text(sql`${id} % 13`)}, ' '), CAST(${words(id)} AS ${sql.raw(engine === 'mysql' ? 'SIGNED' : 'int')})) END`;
  const child = sql.raw(`(s.i + ${FIRST_CHILD})`);
  const referring = sql.raw(`(s.i + ${FIRST_REFERRING})`);
  const container = sql.raw(`(s.i + ${FIRST_CONTAINER})`);
  await sql`INSERT INTO note (id, topic_constructor, description, parent_id, target_note_id, sibling_order, notebook_id) VALUES
    (1, 'Fan-out root', NULL, NULL, NULL, 1, 1),
    (${HUB}, 'Hub', 'A note with a great many children and referring notes.', 1, NULL, 2, 1),
    (${REFERENCES}, 'References', NULL, 1, NULL, 3, 1)`.execute(db);
  await sql`INSERT INTO note (id, topic_constructor, description, parent_id, target_note_id, sibling_order, notebook_id)
    SELECT ${child}, CONCAT('Child ', ${text(child)}), ${details(child)}, ${HUB}, NULL, ${child}, 1 FROM ${numbers}`.execute(db);
  await sql`INSERT INTO note (id, topic_constructor, description, parent_id, target_note_id, sibling_order, notebook_id)
    SELECT ${container}, CONCAT('Container ', ${text(container)}), NULL, ${REFERENCES}, NULL, ${container}, 1 FROM ${numbers} WHERE s.i < ${FAN_OUT / 100}`.execute(db);
  await sql`INSERT INTO note (id, topic_constructor, description, parent_id, target_note_id, sibling_order, notebook_id)
    SELECT ${referring}, CONCAT('refers to ', ${text(referring)}), ${details(referring)}, ${FIRST_CONTAINER} + FLOOR(s.i / 100), ${HUB}, ${referring}, 1 FROM ${numbers}`.execute(db);
}

/** A build's result and report as JSON, round trips aside. */
async function built(store: NoteStore, focus: number): Promise<string> {
  const { result, report } = await buildContext(store, { focus, budget: 2000 });
  return JSON.stringify({ result, report: { ...report, roundTrips: undefined } });
}

// The hub, a child (99,999 siblings) and a referring note (its object the hub): every build
// must look at every one of 100,000 candidates to be exact, on the defaults (o200k, 30 s).
const FOCI = [HUB, FIRST_CHILD + 50_000, FIRST_REFERRING + 50_000];

describe('a fan-out of 100,000 children and 100,000 referring notes', () => {
  const memory = new MemoryNoteStore({ notebooks: [{ id: 1, name: 'Fan-out' }], notes: heavyTailedFanOut() });
  const expected = new Map<number, string>();
  let postgres: PostgresTestDatabase;
  let mysql: TestDatabase;

  beforeAll(async () => {
    [postgres, mysql] = await Promise.all([createPostgresTestDatabase(), createTestDatabase()]);
    await Promise.all([insertFanOut(postgres.db, 'postgres'), insertFanOut(mysql.db, 'mysql')]);
    for (const focus of FOCI) expected.set(focus, await built(memory, focus));
  }, 240_000);
  afterAll(async () => {
    await Promise.all([postgres?.drop(), mysql?.drop()]);
  });

  it('the builds in memory look at almost every candidate of the hub and of the child, and skip them', () => {
    for (const focus of FOCI.slice(0, 2)) {
      const { report } = JSON.parse(expected.get(focus)!) as { report: { skippedCount: number } };
      expect(report.skippedCount, `focus ${focus}`).toBeGreaterThan(FAN_OUT * 0.95);
    }
  });

  // Every statement has the build's own deadline as its limit (the stores' default): without an
  // index on the sibling order, one statement over the hub's children is a pass over all of them.
  for (const [engine, open] of [
    ['PostgreSQL', () => PostgresNoteStore.fromUrl(postgres.url)],
    ['MariaDB', () => MysqlNoteStore.fromUrl(mysql.url)],
  ] as const) {
    it(`${engine}, on Doughnut’s own indexes and the defaults: every build finishes within the deadline, with the memory store’s result and report`, async () => {
      const store = open();
      try {
        for (const focus of FOCI) expect(await built(store, focus), `focus ${focus}`).toBe(expected.get(focus));
      } finally {
        await store.destroy();
      }
    }, 240_000);
  }
});
