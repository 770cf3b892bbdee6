// Every validation message note-context gives, pinned word for word: library options, fixtures,
// loading into MySQL, the MySQL store's URL and options, and the command line. A message that
// changes here changes for users; change it on purpose.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { resolveBuildOptions } from '../src/build-options.js';
import { runCli } from '../src/cli/run-cli.js';
import { ValidationError } from '../src/note-context-error.js';
import { parseFixture, type Fixture } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import type { NoteDatabase } from '../src/store/mysql/note-table.js';
import type { NoteStore } from '../src/store/note-store.js';

/** The error `run` throws, as [field, message]; fails the test when it throws something else. */
function refusal(run: () => unknown): [string, string] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [(error as ValidationError).field, (error as ValidationError).message];
  }
  throw new Error('expected a ValidationError, got none');
}

async function refusalOf(run: () => Promise<unknown>): Promise<[string, string]> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [(error as ValidationError).field, (error as ValidationError).message];
  }
  throw new Error('expected a ValidationError, got none');
}

/** A store that fails the test if a build reads anything: options are checked before lookups. */
const untouchable: NoteStore = {
  openReader: () => {
    throw new Error('the store was read before the options were checked');
  },
};

const good = { focus: 1, budget: 10 };
const BUILD_OPTIONS: [unknown, string, string][] = [
  [{ budget: 10 }, 'focus', 'focus: required, expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones'],
  [{ ...good, focus: 0 }, 'focus', 'focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got 0'],
  [{ ...good, focus: -3 }, 'focus', 'focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got -3'],
  [{ ...good, focus: 2.5 }, 'focus', 'focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got 2.5'],
  [{ ...good, focus: '/nx' }, 'focus', 'focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "/nx"'],
  [{ ...good, focus: 'n2' }, 'focus', 'focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "n2"'],
  [{ ...good, focus: '/n0' }, 'focus', 'focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "/n0"'],
  [{ ...good, focus: '/n99999999999999999999' }, 'focus', 'focus: expected a note id or a uri like /n42, got 100000000000000000000'],
  [{ ...good, focus: null }, 'focus', 'focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got null'],
  [{ ...good, focus: true }, 'focus', 'focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got true'],
  [{ focus: 1 }, 'budget', 'budget: required, expected an integer ≥ 0'],
  [{ ...good, budget: -1 }, 'budget', 'budget: expected an integer ≥ 0, got -1'],
  [{ ...good, budget: 1.5 }, 'budget', 'budget: expected an integer ≥ 0, got 1.5'],
  [{ ...good, budget: '3' }, 'budget', 'budget: expected an integer ≥ 0, got "3"'],
  [{ ...good, budget: Number.NaN }, 'budget', 'budget: expected an integer ≥ 0, got NaN'],
  [{ ...good, budget: Number.POSITIVE_INFINITY }, 'budget', 'budget: expected an integer ≥ 0, got Infinity'],
  [{ ...good, budget: 2 ** 53 }, 'budget', 'budget: expected an integer ≥ 0, got 9007199254740992'],
  [{ ...good, budget: 10n }, 'budget', 'budget: expected an integer ≥ 0, got 10n'],
  [{ ...good, tokenizer: 'gpt' }, 'tokenizer', 'tokenizer: expected one of o200k, cl100k, estimate, one-per-note, got "gpt"'],
  [{ ...good, tokenizer: 'O200K' }, 'tokenizer', 'tokenizer: expected one of o200k, cl100k, estimate, one-per-note, got "O200K"'],
  [{ ...good, truncate: -1 }, 'truncate', 'truncate: expected an integer ≥ 0, got -1'],
  [{ ...good, truncate: '10' }, 'truncate', 'truncate: expected an integer ≥ 0, got "10"'],
  [{ ...good, readableNotebooks: ['a'] }, 'readableNotebooks[0]', 'readableNotebooks[0]: expected a notebook id (a positive integer), got "a"'],
  [{ ...good, readableNotebooks: [1, 0] }, 'readableNotebooks[1]', 'readableNotebooks[1]: expected a notebook id (a positive integer), got 0'],
  [{ ...good, readableNotebooks: ['/n1'] }, 'readableNotebooks[0]', 'readableNotebooks[0]: expected a notebook id (a positive integer), got "/n1"'],
  [{ ...good, readableNotebooks: '1,2' }, 'readableNotebooks', 'readableNotebooks: expected a list of notebook ids, got "1,2"'],
  [{ ...good, exclude: ['x'] }, 'exclude[0]', 'exclude[0]: expected a note id or a uri like /n42, got "x"'],
  [{ ...good, exclude: 5 }, 'exclude', 'exclude: expected a list of note ids or uris, got 5'],
  [{ ...good, format: 'xml' }, 'format', 'format: expected one of json, prompt, got "xml"'],
  [{ ...good, timeoutMs: 0 }, 'timeoutMs', 'timeoutMs: expected a positive integer (milliseconds) up to 2147483647, got 0'],
  [{ ...good, timeoutMs: 0.5 }, 'timeoutMs', 'timeoutMs: expected a positive integer (milliseconds) up to 2147483647, got 0.5'],
  // A timer takes at most 2^31 − 1 ms and fires at once past it: refused, not clamped.
  [{ ...good, timeoutMs: 2 ** 31 }, 'timeoutMs', 'timeoutMs: expected a positive integer (milliseconds) up to 2147483647, got 2147483648'],
  [{ ...good, signal: {} }, 'signal', 'signal: expected an AbortSignal, got an object'],
  [{ ...good, signal: new AbortController() }, 'signal', 'signal: expected an AbortSignal, got a AbortController'],
  [{ ...good, budgett: 10 }, 'budgett', 'unknown option "budgett"'],
  // A misspelt key is named before the key it leaves missing.
  [{ focus: 1, budgett: 10 }, 'budgett', 'unknown option "budgett"'],
  [null, 'options', 'options: expected an options object, got null'],
  [undefined, 'options', 'options: required, expected an options object'],
  ['focus=1', 'options', 'options: expected an options object, got "focus=1"'],
  [[1, 10], 'options', 'options: expected an options object, got an array'],
  [{ ...good, focus: 'x'.repeat(100) }, 'focus', `focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "${'x'.repeat(60)}…"`],
];

// Named with inspect: the options include a bigint and values JSON cannot write.
const NAMED_BUILD_OPTIONS = BUILD_OPTIONS.map(([options, field, message]) => [inspect(options, { breakLength: Infinity }), options, field, message] as const);

describe('build options', () => {
  it.each(NAMED_BUILD_OPTIONS)('resolveBuildOptions(%s)', (_, options, field, message) => {
    expect(refusal(() => resolveBuildOptions(options))).toEqual([field, message]);
  });

  it.each(NAMED_BUILD_OPTIONS)('buildContext(store, %s) refuses before reading anything, as a rejected promise', async (_, options, field, message) => {
    let promise: Promise<unknown> | undefined;
    // Never a synchronous throw: a caller's `.catch` sees every failure.
    expect(() => (promise = buildContext(untouchable, options as never))).not.toThrow();
    expect(await refusalOf(() => promise!)).toEqual([field, message]);
  });

  it.each([
    [null, 'store: expected a NoteStore (an object with openReader), got null'],
    [undefined, 'store: expected a NoteStore (an object with openReader), got undefined'],
    [{}, 'store: expected a NoteStore (an object with openReader), got an object'],
    ['fixture.json', 'store: expected a NoteStore (an object with openReader), got "fixture.json"'],
  ])('buildContext(%o, …) rejects with a ValidationError naming the store', async (store, message) => {
    let promise: Promise<unknown> | undefined;
    expect(() => (promise = buildContext(store as never, { focus: 1, budget: 10 }))).not.toThrow();
    expect(await refusalOf(() => promise!)).toEqual(['store', message]);
  });

  it('accepts every documented option and applies the defaults', () => {
    const signal = new AbortController().signal;
    expect(resolveBuildOptions({ focus: '/n7', budget: 0, exclude: ['/n3', 4], readableNotebooks: [2], signal })).toEqual({
      focus: 7,
      budget: 0,
      tokenizer: 'o200k',
      truncate: 1000,
      readableNotebooks: [2],
      exclude: [3, 4],
      format: 'json',
      fit: 'skip',
      timeoutMs: 30_000,
      links: false,
      signal,
    });
  });
});

const note = { id: 1, title: 'a' };
const FIXTURES: [unknown, string, string][] = [
  ['x', 'fixture', 'fixture: expected a fixture object { "notes": [...] }, got "x"'],
  [null, 'fixture', 'fixture: expected a fixture object { "notes": [...] }, got null'],
  [[], 'fixture', 'fixture: expected a fixture object { "notes": [...] }, got an array'],
  [{}, 'notes', 'notes: required, expected a list of notes'],
  [{ nodes: [] }, 'notes', 'notes: required, expected a list of notes'],
  [{ notes: {} }, 'notes', 'notes: expected a list of notes, got an object'],
  [{ notes: [1] }, 'notes[0]', 'notes[0]: expected a note object, got 1'],
  [{ notes: [{ id: 1 }] }, 'notes[0].title', 'notes[0].title: required, expected a string'],
  [{ notes: [{ title: 'a' }] }, 'notes[0].id', 'notes[0].id: required, expected an id (a positive integer)'],
  [{ notes: [note, { id: 0, title: 'b' }] }, 'notes[1].id', 'notes[1].id: expected an id (a positive integer), got 0'],
  [{ notes: [{ id: '1', title: 'a' }] }, 'notes[0].id', 'notes[0].id: expected an id (a positive integer), got "1"'],
  [{ notes: [{ id: 1.5, title: 'a' }] }, 'notes[0].id', 'notes[0].id: expected an id (a positive integer), got 1.5'],
  [{ notes: [{ ...note, title: 7 }] }, 'notes[0].title', 'notes[0].title: expected a string, got 7'],
  [{ notes: [{ ...note, details: 5 }] }, 'notes[0].details', 'notes[0].details: expected a string, got 5'],
  [{ notes: [{ ...note, parentId: 'x' }] }, 'notes[0].parentId', 'notes[0].parentId: expected an id (a positive integer), got "x"'],
  [{ notes: [{ ...note, objectId: -2 }] }, 'notes[0].objectId', 'notes[0].objectId: expected an id (a positive integer), got -2'],
  [{ notes: [{ ...note, notebookId: 0 }] }, 'notes[0].notebookId', 'notes[0].notebookId: expected an id (a positive integer), got 0'],
  [{ notes: [{ ...note, siblingOrder: '1' }] }, 'notes[0].siblingOrder', 'notes[0].siblingOrder: expected a number, got "1"'],
  [{ notes: [{ ...note, deletedAt: true }] }, 'notes[0].deletedAt', 'notes[0].deletedAt: expected a date (text or a number), got true'],
  [{ notebooks: 'x', notes: [] }, 'notebooks', 'notebooks: expected a list of notebooks, got "x"'],
  [{ notebooks: [1], notes: [] }, 'notebooks[0]', 'notebooks[0]: expected a notebook object, got 1'],
  [{ notebooks: [{ id: 1 }], notes: [] }, 'notebooks[0].name', 'notebooks[0].name: required, expected a string'],
  [{ notes: [note, { id: 1, title: 'b' }] }, 'notes[1].id', 'notes[1].id: duplicate note id 1'],
];

describe('fixtures', () => {
  it.each(FIXTURES)('parseFixture(%j)', (input, field, message) => {
    expect(refusal(() => parseFixture(input))).toEqual([field, message]);
  });
});

/** A database that fails the test if anything is written: the checks come before any statement. */
const unwritable = new Proxy({} as Kysely<NoteDatabase>, {
  get: () => {
    throw new Error('the database was used before the fixture was checked');
  },
});
const fixtureOf = (...notes: object[]): Fixture => parseFixture({ notes: [{ id: 1, title: 'ok' }, ...notes] });

const LOADS: [Fixture, object, string, string][] = [
  [fixtureOf({ id: 2_147_483_648, title: 'x' }), {}, 'notes[1].id', "notes[1].id: above the note table's INT range (2147483647), got 2147483648"],
  [fixtureOf({ id: 2, title: 'x', parentId: 2 ** 40 }), {}, 'notes[1].parentId', "notes[1].parentId: above the note table's INT range (2147483647), got 1099511627776"],
  [fixtureOf({ id: 2, title: 'x', objectId: 2 ** 31 }), {}, 'notes[1].objectId', "notes[1].objectId: above the note table's INT range (2147483647), got 2147483648"],
  [fixtureOf({ id: 2, title: 'x', notebookId: 2 ** 31 }), {}, 'notes[1].notebookId', "notes[1].notebookId: above the note table's INT range (2147483647), got 2147483648"],
  [fixtureOf({ id: 2, title: 'x', siblingOrder: 0.5 }), {}, 'notes[1].siblingOrder', 'notes[1].siblingOrder: the note table holds whole numbers only, got 0.5'],
  [fixtureOf({ id: 2, title: 'x', siblingOrder: -(2 ** 60) }), {}, 'notes[1].siblingOrder', 'notes[1].siblingOrder: outside the safe integer range (±9007199254740991), got -1152921504606847000'],
  [fixtureOf({ id: 2, title: 'é'.repeat(513) }), {}, 'notes[1].title', "notes[1].title: longer than the note table's 512 characters, got 513"],
  [fixtureOf({ id: 2, title: 'x', details: 'ü'.repeat(8_388_608) }), {}, 'notes[1].details', "notes[1].details: longer than the note table's MEDIUMTEXT (16777215 bytes of UTF-8), got 16777216 bytes"],
  [fixtureOf({ id: 2, title: 'a\uD800b' }), {}, 'notes[1].title', 'notes[1].title: contains a lone surrogate (U+D800), which MySQL cannot store'],
  [fixtureOf({ id: 2, title: 'x', details: 'tail \uDFFF' }), {}, 'notes[1].details', 'notes[1].details: contains a lone surrogate (U+DFFF), which MySQL cannot store'],
  [fixtureOf({ id: 2, title: 'x', details: 'ends high \uDBFF' }), {}, 'notes[1].details', 'notes[1].details: contains a lone surrogate (U+DBFF), which MySQL cannot store'],
  [fixtureOf(), { batchSize: 0 }, 'batchSize', 'batchSize: expected a positive integer, got 0'],
  [fixtureOf(), { batchSize: '10' }, 'batchSize', 'batchSize: expected a positive integer, got "10"'],
  [fixtureOf(), { recommendedIndex: 'yes' }, 'recommendedIndex', 'recommendedIndex: expected true or false, got "yes"'],
];

describe('loading a fixture into MySQL', () => {
  it.each(LOADS)('loadFixture(#%#) refuses before writing', async (fixture, options, field, message) => {
    expect(await refusalOf(() => loadFixture(unwritable, fixture, options as never))).toEqual([field, message]);
  });

  it('a surrogate pair, 512 characters of title and MEDIUMTEXT to the byte are loadable', async () => {
    const fits = fixtureOf({ id: 2_147_483_647, title: '😀'.repeat(512), details: 'ü'.repeat(8_388_607) + 'a', siblingOrder: -(2 ** 53 - 1) });
    // Past the checks, the first thing it does is use the database: the Proxy says so.
    await expect(loadFixture(unwritable, fits)).rejects.toThrow('the database was used before the fixture was checked');
  });
});

const URL = 'mysql://root@127.0.0.1:3306/test';
const STORE_OPTIONS: [string, unknown, string, string][] = [
  ['mysql://root@127.0.0.1:3306', {}, 'url', 'url: the URL names no database (expected mysql://user:pass@host:port/db)'],
  ['postgres://u:p@h/db', {}, 'url', 'url: not a mysql:// URL (expected mysql://user:pass@host:port/db)'],
  ['127.0.0.1:3306/test', {}, 'url', 'url: not a mysql:// URL (expected mysql://user:pass@host:port/db)'],
  ['not a url', {}, 'url', 'url: not a mysql:// URL (expected mysql://user:pass@host:port/db)'],
  ['mysql://u:p@h:99999/db', {}, 'url', 'url: port 99999 is out of range (1–65535) (expected mysql://user:pass@host:port/db)'],
  ['mysql://u:p@h:0/db', {}, 'url', 'url: port 0 is out of range (1–65535) (expected mysql://user:pass@host:port/db)'],
  ['mysql://u:p@h:x1/db', {}, 'url', 'url: the port is not a number (expected mysql://user:pass@host:port/db)'],
  ['mysql://u:p@[::1:3307/db', {}, 'url', 'url: an IPv6 host without its closing ] (expected mysql://user:pass@host:port/db)'],
  ['mysql://u:p/db', {}, 'url', 'url: not a valid URL (expected mysql://user:pass@host:port/db)'],
  ['mysql://u:%E0%A4%A@h/db', {}, 'url', 'url: a malformed percent-escape in the password (expected mysql://user:pass@host:port/db)'],
  ['mysql://%ZZ:p@h/db', {}, 'url', 'url: a malformed percent-escape in the user name (expected mysql://user:pass@host:port/db)'],
  ['mysql://u:p@h/%E0', {}, 'url', 'url: a malformed percent-escape in the database name (expected mysql://user:pass@host:port/db)'],
  // The store's options: one message per field, worded as the build options' are.
  [URL, { poolSize: 0 }, 'poolSize', 'poolSize: expected a positive integer, got 0'],
  [URL, { poolSize: 2.5 }, 'poolSize', 'poolSize: expected a positive integer, got 2.5'],
  [URL, { queryTimeoutMs: 'fast' }, 'queryTimeoutMs', 'queryTimeoutMs: expected a positive integer (milliseconds), got "fast"'],
  [URL, { queryTimeoutMs: -1 }, 'queryTimeoutMs', 'queryTimeoutMs: expected a positive integer (milliseconds), got -1'],
  [URL, { connectTimeoutMs: Infinity }, 'connectTimeoutMs', 'connectTimeoutMs: expected a positive integer (milliseconds), got Infinity'],
  [URL, { consistentSnapshot: 1 }, 'consistentSnapshot', 'consistentSnapshot: expected true or false, got 1'],
  [URL, { pool: 3 }, 'pool', 'unknown option "pool"'],
  [URL, null, 'mysql options', 'mysql options: expected an options object, got null'],
];

describe('the MySQL store', () => {
  it.each(STORE_OPTIONS)('MysqlNoteStore.fromUrl(%j, %j)', (url, options, field, message) => {
    expect(refusal(() => MysqlNoteStore.fromUrl(url, options as never))).toEqual([field, message]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'note-context-misuse-'));
const small = join(dir, 'small.json');
writeFileSync(small, JSON.stringify({ notes: [{ id: 1, title: 'Root' }, { id: 2, title: 'Child', parentId: 1 }] }));
const notJson = join(dir, 'broken.json');
writeFileSync(notJson, '{ "notes": [ }');
const badNote = join(dir, 'bad-note.json');
writeFileSync(badNote, JSON.stringify({ notes: [{ id: 1, title: 'a' }, { id: 2 }] }));

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, (text) => (stdout += text), (text) => (stderr += text));
  return { code, stdout, stderr };
}

const build = ['build', '--db', small];
const CLI: [string[], number, string][] = [
  [[...build, '--focus', '1', '--budget', 'ten'], 2, 'invalid input: --budget: expected an integer ≥ 0, got "ten"'],
  [[...build, '--focus', '1', '--budget', '1.5'], 2, 'invalid input: --budget: expected an integer ≥ 0, got 1.5'],
  [[...build, '--focus', '1', '--budget', '-1'], 2, 'invalid input: --budget: expected an integer ≥ 0, got -1'],
  [[...build, '--focus', '1', '--budget', ''], 2, 'invalid input: --budget: expected an integer ≥ 0, got ""'],
  [[...build, '--focus', '1', '--budget', 'Infinity'], 2, 'invalid input: --budget: expected an integer ≥ 0, got "Infinity"'],
  [[...build, '--focus', '1', '--budget', '0x10'], 2, 'invalid input: --budget: expected an integer ≥ 0, got "0x10"'],
  [[...build, '--focus', '1'], 2, 'invalid input: --budget: required, expected an integer ≥ 0'],
  [[...build, '--budget', '5'], 2, 'invalid input: --focus: required, expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones'],
  // A bad budget is reported even though note 99 does not exist: input is checked first.
  [[...build, '--focus', '99', '--budget', 'x'], 2, 'invalid input: --budget: expected an integer ≥ 0, got "x"'],
  [[...build, '--focus', 'n2', '--budget', '5'], 2, 'invalid input: --focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "n2"'],
  [[...build, '--focus', '1\n2', '--budget', '5'], 2, 'invalid input: --focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "1\\n2"'],
  [[...build, '--focus', '1', '--budget', '5', '--tokenizer', 'gpt2'], 2, 'invalid input: --tokenizer: expected one of o200k, cl100k, estimate, one-per-note, got "gpt2"'],
  [[...build, '--focus', '1', '--budget', '5', '--truncate', '-3'], 2, 'invalid input: --truncate: expected an integer ≥ 0, got -3'],
  [[...build, '--focus', '1', '--budget', '5', '--format', 'xml'], 2, 'invalid input: --format: expected one of json, prompt, got "xml"'],
  [[...build, '--focus', '1', '--budget', '5', '--readable-notebooks', '/n1'], 2, 'invalid input: --readable-notebooks: expected a notebook id (a positive integer), got "/n1"'],
  [[...build, '--focus', '1', '--budget', '5', '--readable-notebooks', 'a,b'], 2, 'invalid input: --readable-notebooks: expected a notebook id (a positive integer), got "a"'],
  [[...build, '--focus', '1', '--budget', '5', '--readable-notebooks', '1,,2'], 2, 'invalid input: --readable-notebooks: expected a notebook id (a positive integer), got ""'],
  [[...build, '--focus', '1', '--budget', '5', '--exclude', '/n2,x'], 2, 'invalid input: --exclude: expected a note id or a uri like /n42, got "x"'],
  [[...build, '--focus', '1', '--budget', '5', '--colour'], 2, "unknown option '--colour'"],
  [[...build, '--focus', '1', '--budgett', '5'], 2, "unknown option '--budgett' (Did you mean --budget?)"],
  [[...build, '--focus'], 2, "option '--focus <id|/nID>[,…]' argument missing"],
  [['buld'], 2, "unknown command 'buld' (Did you mean build?)"],
  [[], 2, 'expected a command: build, load, schema, mcp or serve (see note-context --help)'],
  [['build', '--db', join(dir, 'missing.json'), '--focus', '1', '--budget', '5'], 2, `invalid input: --db: ${join(dir, 'missing.json')}: cannot read the fixture file (ENOENT)`],
  [['build', '--db', dir, '--focus', '1', '--budget', '5'], 2, `invalid input: --db: ${dir}: cannot read the fixture file (EISDIR)`],
  [['build', '--db', badNote, '--focus', '1', '--budget', '5'], 2, 'invalid input: notes[1].title: required, expected a string'],
  [['build', '--db', 'mongodb://u:p@h/db', '--focus', '1', '--budget', '5'], 2, 'invalid input: --db: expected a fixture file, a mysql:// URL (mysql://user:pass@host:port/db) or a postgres:// URL (postgres://user:pass@host:port/db)'],
  [['build', '--db', 'postgres://u:p@h:99999/db', '--focus', '1', '--budget', '5'], 2, 'invalid input: --db: not a valid URL (expected postgres://user:pass@host:port/db)'],
  [['build', '--db', 'postgresql://u:p@h', '--focus', '1', '--budget', '5'], 2, 'invalid input: --db: the URL names no database (expected postgres://user:pass@host:port/db)'],
  [['build', '--db', 'postgres://u:p@h/db', '--columns', 'title', '--focus', '1', '--budget', '5'], 2, 'invalid input: --columns: expected field=column pairs, the fields among id, title, details, parentId, objectId, siblingOrder, notebookId, deletedAt; got "title"'],
  [['build', '--db', 'postgres://u:p@h/db', '--table', 'a.b.c', '--focus', '1', '--budget', '5'], 2, 'invalid input: --table: expected a table name, optionally schema-qualified (notes, app.notes), got "a.b.c"'],
  [['build', '--db', 'mysql://u:p@h:99999/db', '--focus', '1', '--budget', '5'], 2, 'invalid input: --db: port 99999 is out of range (1–65535) (expected mysql://user:pass@host:port/db)'],
  [['build', '--db', 'mysql://u:%E0%A4%A@h/db', '--focus', '1', '--budget', '5'], 2, 'invalid input: --db: a malformed percent-escape in the password (expected mysql://user:pass@host:port/db)'],
  [[...build, '--focus', '99', '--budget', '5'], 3, 'note 99 not found'],
  [['load', small], 2, 'invalid input: --db: required, expected a mysql:// URL (mysql://user:pass@host:port/db) or a postgres:// URL (postgres://user:pass@host:port/db)'],
  [['load', '--db', small, small], 2, 'invalid input: --db: expected a mysql:// URL (mysql://user:pass@host:port/db) or a postgres:// URL (postgres://user:pass@host:port/db)'],
  [['load', '--db', 'mysql://u:p@h/db', '--batch', '0', small], 2, 'invalid input: --batch: expected a positive integer, got 0'],
  [['load', '--db', 'mysql://u:p@h/db', '--batch', 'many', small], 2, 'invalid input: --batch: expected a positive integer, got "many"'],
  [['load', '--db', 'mysql://u:p@h', small], 2, 'invalid input: --db: the URL names no database (expected mysql://user:pass@host:port/db)'],
  [['load', '--db', 'mysql://u:p@h/db'], 2, "missing required argument 'fixture.json'"],
];

describe('the command line', () => {
  it.each(CLI)('note-context %j', async (argv, code, message) => {
    const run = await cli(...argv);
    expect(run).toEqual({ code, stdout: '', stderr: `note-context: ${message}\n` });
  });

  it('a not-JSON fixture names the file and what JSON.parse said, on one line', async () => {
    const run = await cli('build', '--db', notJson, '--focus', '1', '--budget', '5');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^note-context: invalid input: --db: ${notJson.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not valid JSON: .+\\n$`));
  });
});

describe('typed errors', () => {
  it('every error class the library throws is exported from the package entry', async () => {
    const [api, errors] = await Promise.all([import('../src/index.js'), import('../src/note-context-error.js')]);
    const classes = Object.entries(errors).filter(([, value]) => typeof value === 'function' && value.prototype instanceof Error);
    expect(classes.map(([name]) => name).sort()).toEqual(['BuildAborted', 'BuildTimeout', 'NoteContextError', 'NoteNotFound', 'StoreUnavailable', 'ValidationError']);
    for (const [name, value] of classes) expect((api as Record<string, unknown>)[name], name).toBe(value);
  });
});
