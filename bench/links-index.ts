// npx tsx bench/links-index.ts [--notes=100000] [--builds=20]: links (spec section 10) on a
// Doughnut table of 100,000 notes, on MariaDB/MySQL (NOTE_CONTEXT_TEST_DB) and PostgreSQL
// (NOTE_CONTEXT_TEST_POSTGRES), each table made with Doughnut's DDL and its indexes only.
//
// 1. LinkingNote: builds (links on, o200k, budget 2,000) of a focus titled Energy whose title
//    1,000 notes link to, on PostgreSQL with and without LINKS_INDEX_DDL_POSTGRES (two databases
//    holding the same notes), alternating build by build; on MariaDB with Doughnut's indexes.
// 2. Builds of 40 random foci with links on against off, alternating, on each engine's table.
// Prints median and p90 ms, the linking notes found, the rows the linking statement reads, and round trips.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { createPool } from 'mysql2/promise';
import pg from 'pg';
import { buildContext } from '../src/build-context.js';
import type { Fixture, NoteData } from '../src/store/memory/fixture.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { parseMysqlUrl } from '../src/store/mysql/parse-mysql-url.js';
import type { NoteStore } from '../src/store/note-store.js';
import { LINKS_INDEX_DDL_POSTGRES } from '../src/store/postgres/links-index-ddl-postgres.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { createTestDatabase } from '../test/support/mysql-test-database.js';
import { createPostgresTestDatabase } from '../test/support/postgres-test-database.js';
import { loadDoughnutTable } from './load-doughnut-table.js';
import { loadDoughnutTablePostgres } from './load-doughnut-table-postgres.js';
import { percentile } from './measure.js';

const argument = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const NOTES = Number(argument('notes') ?? 100_000);
const BUILDS = Number(argument('builds') ?? 20);
const LINKING = 1_000;
const NOTEBOOKS = 50;
const rng = xoroshiro128plus(20261127);
const pick = (max: number) => uniformInt(rng, 0, max);
// The focus's title, Energy, is not among them: it is in the details of the notes that link to it, and of a few that say it in words.
const WORDS = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'force', 'field', 'wave', 'Mass', 'charge', 'heat', 'atom'];

/**
 * 100,000 notes in 50 notebooks, trees of random depth, ~300 characters of details, 1 in 20 with
 * links to random titles, 1 in 250 naming Energy in words; note 1 is Energy, linked from 1,000
 * notes, with 20 namesakes.
 */
function linkedTable(): Fixture {
  const notes: NoteData[] = [];
  for (let id = 1; id <= NOTES; id++) {
    const notebookId = 1 + (id % NOTEBOOKS);
    const parentId = id > NOTEBOOKS ? id - NOTEBOOKS * (1 + pick(Math.min(20, Math.floor((id - 1) / NOTEBOOKS) - 1))) : undefined;
    const words = Array.from({ length: 50 }, () => WORDS[pick(WORDS.length - 1)]!).join(' ');
    const links = pick(19) === 0 ? ` See [[Note ${pick(NOTES)}]] and [[note ${pick(NOTES)}|that one]].` : '';
    const inWords = id % 250 === 3 ? ' Energy, in words.' : '';
    notes.push({ id, title: `Note ${id}`, details: `${words}.${inWords}${links}`, ...(parentId && parentId >= 1 && { parentId }), siblingOrder: id, notebookId });
  }
  notes[0] = { ...notes[0]!, title: 'Energy', details: 'The capacity to do work; see [[Mass]].' };
  for (let index = 0; index < 20; index++) notes[1 + index * Math.floor(NOTES / 20)] = { ...notes[1 + index * Math.floor(NOTES / 20)]!, title: index % 2 ? 'energy' : 'Energy ' };
  for (let index = 0; index < LINKING; index++) {
    const id = 100 + index * Math.floor((NOTES - 200) / LINKING);
    notes[id - 1] = { ...notes[id - 1]!, details: `${notes[id - 1]!.details} On [[Energy]].` };
  }
  return { notebooks: Array.from({ length: NOTEBOOKS }, (_, index) => ({ id: index + 1, name: `Notebook ${index + 1}` })), notes };
}

const fixture = linkedTable();
const memory = new MemoryNoteStore(fixture);
console.log(`${NOTES} notes; loading…`);

const mysql = await createTestDatabase();
const mysqlPool = createPool({ ...parseMysqlUrl(mysql.url), connectionLimit: 2, supportBigNumbers: true });
await loadDoughnutTable(mysqlPool, fixture);
const [plain, indexed] = await Promise.all([createPostgresTestDatabase(), createPostgresTestDatabase()]);
for (const database of [plain, indexed]) await loadDoughnutTablePostgres(database.pool as unknown as pg.Pool, fixture);
const indexStarted = Date.now();
for (const statement of LINKS_INDEX_DDL_POSTGRES) await indexed.pool.query(statement);
await indexed.pool.query('ANALYZE note');
console.log(`PostgreSQL links index made in ${Date.now() - indexStarted} ms`);

const stores: Record<string, NoteStore & { idle(): Promise<void> }> = {
  'MariaDB, Doughnut’s indexes': MysqlNoteStore.fromPool(mysql.pool),
  'PostgreSQL, Doughnut’s indexes': PostgresNoteStore.fromPool(plain.pool),
  'PostgreSQL, + LINKS_INDEX_DDL_POSTGRES': PostgresNoteStore.fromPool(indexed.pool),
};

interface Line { times: number[]; trips: number[]; linking: number }
const lines = new Map<string, Line>();
const lineOf = (name: string) => lines.get(name) ?? (lines.set(name, { times: [], trips: [], linking: 0 }).get(name)!);

async function measure(name: string, store: NoteStore, options: Parameters<typeof buildContext>[1]) {
  const started = performance.now();
  const { result, report } = await buildContext(store, options);
  const line = lineOf(name);
  line.times.push(performance.now() - started);
  line.trips.push(report.roundTrips);
  line.linking = result.relatedNotes.filter((note) => note.relationToFocusNote === 'LinkingNote').length;
}

// Warm each store (its first build asks what a store asks once) and check it against memory.
const energy = { focus: 1, budget: 2000, tokenizer: 'o200k' as const, links: true };
const expected = JSON.stringify((await buildContext(memory, energy)).result);
for (const [name, store] of Object.entries(stores)) {
  const { result } = await buildContext(store, energy);
  if (JSON.stringify(result) !== expected) throw new Error(`${name}: not the memory store's result`);
}

// 1. LinkingNote around Energy, the stores in turns.
for (let build = 0; build < BUILDS; build++) {
  const names = Object.keys(stores);
  for (const name of build % 2 ? names.reverse() : names) await measure(`LinkingNote: ${name}`, stores[name]!, energy);
}

// 2. Random foci, links on against off, in turns.
const foci = Array.from({ length: 40 }, () => 1 + pick(NOTES - 1));
for (const [index, focus] of foci.entries()) {
  for (const [name, store] of Object.entries(stores)) {
    const order = index % 2 ? [true, false] : [false, true];
    for (const links of order) await measure(`random foci, links ${links ? 'on' : 'off'}: ${name}`, store, { focus, budget: 2000, tokenizer: 'o200k', links });
  }
}

// The rows a linking statement reads: the notes whose details hold [[ and the title in any case.
const candidates = fixture.notes.filter((note) => note.details?.includes('[[') && note.details.toLowerCase().includes('energy')).length;
console.log(`\nLinkingNote focus: ${LINKING} notes link to it; ${candidates} notes' details hold [[ and "energy" in some case (the rows the narrowed statement reads)\n`);
console.log('| line | median ms | p90 ms | LinkingNote entries | round trips |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, line] of lines) {
  const sorted = [...line.times].sort((a, b) => a - b);
  const trips = [...new Set(line.trips)].sort((a, b) => a - b).join('–');
  console.log(`| ${name} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 90).toFixed(1)} | ${name.startsWith('random') ? '' : line.linking} | ${trips} |`);
}

await Promise.all(Object.values(stores).map((store) => store.idle()));
await mysqlPool.end();
// The databases are dropped; a pool the drivers still hold open must not keep the process alive.
await Promise.race([Promise.all([mysql.drop(), plain.drop(), indexed.drop()]), new Promise((resolve) => setTimeout(resolve, 10_000))]);
process.exit(0);
