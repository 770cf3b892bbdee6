// A host's own table is read under its own names, quoted, in every statement. Names that once
// broke a store: `Note` (Prisma's default), which MariaDB's case-blind names for common table
// expressions confused with one of the store's own; names of those expressions themselves
// (`chain`, `readable_notebooks`); Doughnut's column names given to other fields; a table in
// another database or schema; reserved words. Each table holds the sample notebook, and every
// build and search over it must give what the memory store gives over the same notes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import type { BuildOptions } from '../src/build-options.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { readFixtureFile, type Fixture } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import type { NoteTableNames } from '../src/store/sql/note-table-names.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './support/postgres-test-database.js';

/** Prisma's spelling of every column. */
const CAMEL_CASE = {
  id: 'noteId',
  title: 'title',
  details: 'details',
  parentId: 'parentId',
  objectId: 'objectId',
  siblingOrder: 'siblingOrder',
  notebookId: 'notebookId',
  deletedAt: 'deletedAt',
} as const;

/** Doughnut's column names, each given to another field; the sibling order named as the store's own column aliases. */
const SHUFFLED = {
  id: 'parent_id',
  title: 'description',
  details: 'topic_constructor',
  parentId: 'id',
  objectId: 'sibling_order',
  siblingOrder: 'kept',
  notebookId: 'deleted_at',
  deletedAt: 'notebook_id',
} as const;

/** Reserved words in both engines. */
const RESERVED = {
  id: 'select',
  title: 'from',
  details: 'group',
  parentId: 'where',
  objectId: 'limit',
  siblingOrder: 'order',
  notebookId: 'desc',
  deletedAt: 'key',
} as const;

/** What each case calls its table, given the database or schema a qualified one lives in. */
const CASES: readonly { readonly name: string; readonly names: (elsewhere: string) => NoteTableNames }[] = [
  { name: '`Note` with camel-case columns', names: () => ({ table: 'Note', columns: CAMEL_CASE }) },
  { name: '`Note` with Doughnut’s columns', names: () => ({ table: 'Note' }) },
  { name: '`note` with Doughnut’s column names for other fields', names: () => ({ table: 'note', columns: SHUFFLED }) },
  { name: 'a table in another database or schema', names: (elsewhere) => ({ table: `${elsewhere}.notes`, columns: { title: 'name', details: 'body' } }) },
  { name: 'reserved words for the table and every column', names: () => ({ table: 'order', columns: RESERVED }) },
  { name: 'the name of the ancestors’ recursive expression, upper case', names: () => ({ table: 'CHAIN' }) },
  { name: 'the name of the ancestors’ recursive expression', names: () => ({ table: 'chain' }) },
  { name: 'the name of the long readable-notebooks list’s expression', names: () => ({ table: 'readable_notebooks', columns: CAMEL_CASE }) },
];

/**
 * Foci with a long ancestor chain (11), many children and referring notes (19), children,
 * ancestors and a referring note (8), 53 siblings (28), an object and its siblings (90, 141), an
 * object in another notebook (123), a deleted child (111).
 */
const FOCI = [11, 19, 8, 28, 90, 141, 123, 111];

/** Every notebook but one; all four; over 1,000 ids, so the list is sent once as a table. */
const READABLE = [undefined, [1, 2, 4], Array.from({ length: 1_500 }, (_, index) => index + 1)];

/** Budgets that read a good part of the notebook, and that step over notes too large to fit. */
const BUDGETS = [2_000, 250];

const SEARCHES: readonly [string, { limit: number; readableNotebooks?: ReadonlySet<number> }][] = [
  ['wat', { limit: 10 }],
  ['ca', { limit: 3 }],
  ['n', { limit: 20, readableNotebooks: new Set([1, 2]) }],
  ['energy', { limit: 5, readableNotebooks: new Set(Array.from({ length: 1_500 }, (_, index) => index + 1)) }],
];

/** The notebook with links: every third note's details gain a link to the title of the note seven places on, in capitals. */
function withLinks(notebook: Fixture): Fixture {
  const notes = notebook.notes.map((note, index) => {
    const target = notebook.notes[(index + 7) % notebook.notes.length]!;
    return index % 3 === 0 ? { ...note, details: `${note.details ?? ''} See [[${target.title.toUpperCase()}]].` } : note;
  });
  return { ...notebook, notes };
}

/** A build's result and report as JSON, round trips aside (the only field stores may differ in). */
async function outcomeOf(build: Promise<{ result: unknown; report: { roundTrips: number } }>): Promise<string> {
  return build.then(
    ({ result, report }) => JSON.stringify({ result, report: { ...report, roundTrips: undefined } }),
    (error: Error) => `${error.name}: ${error.message}`,
  );
}

let fixture: Fixture;
let memory: MemoryNoteStore;
let mysql: TestDatabase;
let postgres: PostgresTestDatabase;
/** The other MySQL database, beside the suite's own. */
let otherDatabase: string;

beforeAll(async () => {
  fixture = withLinks(await readFixtureFile(sampleNotebookPath));
  memory = new MemoryNoteStore(fixture);
  [mysql, postgres] = await Promise.all([createTestDatabase(), createPostgresTestDatabase()]);
  otherDatabase = `${new URL(mysql.url).pathname.slice(1)}_other`;
  await sql`CREATE DATABASE ${sql.id(otherDatabase)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`.execute(mysql.db);
  await sql`CREATE SCHEMA otherschema`.execute(postgres.db);
});

afterAll(async () => {
  if (otherDatabase) await sql`DROP DATABASE IF EXISTS ${sql.id(otherDatabase)}`.execute(mysql.db);
  await mysql?.drop();
  await postgres?.drop();
});

const ENGINES = [
  { engine: 'mysql', database: () => mysql, store: (names: NoteTableNames) => MysqlNoteStore.fromPool(mysql.pool, names), elsewhere: () => otherDatabase },
  { engine: 'postgres', database: () => postgres, store: (names: NoteTableNames) => PostgresNoteStore.fromPool(postgres.pool, names), elsewhere: () => 'otherschema' },
] as const;

describe.each(ENGINES)('a host’s own table on $engine', ({ database, store: storeOn, elsewhere }) => {
  describe.each(CASES)('$name', ({ names }) => {
    let store: MysqlNoteStore | PostgresNoteStore;
    beforeAll(async () => {
      // Two cases name their table `Note`: each loads its own afresh.
      const table = names(elsewhere());
      await sql`DROP TABLE IF EXISTS ${sql.table(table.table!)}`.execute(database().db);
      await loadFixture(database().db, fixture, {}, table);
      store = storeOn(table);
    });
    afterAll(() => store?.destroy());

    it('builds what the memory store builds, for foci with every relation, whatever the readable notebooks and the budget', async () => {
      let built = 0;
      let linked = 0;
      for (const focus of FOCI) {
        for (const readable of READABLE) {
          for (const budget of BUDGETS) {
            // Links (spec section 10) with the larger budget: their statements name the table too.
            const options: BuildOptions = { focus, budget, links: budget === BUDGETS[0], ...(readable && { readableNotebooks: readable }) };
            const expected = await outcomeOf(buildContext(memory, options));
            expect(await outcomeOf(buildContext(store, options)), `focus ${focus}, budget ${budget}, readable ${readable?.length ?? 'all'}`).toBe(expected);
            if (expected.startsWith('{')) built++;
            if (/"relationToFocusNote":"Link(ed|ing)Note"/.test(expected)) linked++;
          }
        }
      }
      // Most foci are readable in most of the builds: the comparison is of contexts, not errors.
      expect(built).toBeGreaterThan(40);
      expect(linked).toBeGreaterThan(4);
    }, 60_000);

    it('finds by title what the memory store finds', async () => {
      for (const [query, options] of SEARCHES) {
        const found = await store.findNotes(query, options);
        expect(found.length, query).toBeGreaterThan(0);
        expect(found, query).toEqual(await memory.findNotes(query, options));
      }
    });
  });
});
