// The command line at its edges: one line per message whatever the input holds, a reader that
// stops early, odd bytes in URLs and fixtures, and `load` refusing what the note table cannot
// hold before it writes anything.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run-cli.js';
import { GraphRAGResultSchema } from '../src/result/graph-rag-result-schema.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, (text) => (stdout += text), (text) => (stderr += text));
  return { code, stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'note-context-edges-'));
function fixtureFile(content: unknown, name = `fixture-${Math.random().toString(36).slice(2)}.json`): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const small = fixtureFile({ notes: [{ id: 1, title: 'Root' }, { id: 2, title: 'Child', parentId: 1 }] });
/** A hub whose result at a large budget is far bigger than a pipe's buffer (64 KiB). */
const big = fixtureFile({
  notes: [{ id: 1, title: 'Hub' }, ...Array.from({ length: 400 }, (_, index) => ({ id: index + 2, title: `Child ${index}`, details: 'x'.repeat(900), parentId: 1 }))],
});

const CLI = ['--import', 'tsx', 'src/cli/main.ts'];

describe('every message is one line', () => {
  it.each([
    [['build', '--db', small, '--focus', '1\n2', '--budget', '5'], 'note-context: invalid input: --focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "1\\n2"'],
    [['build', '--db', small, '--focus', '1', '--budget', '5\r\n6'], 'note-context: invalid input: --budget: expected an integer ≥ 0, got "5\\r\\n6"'],
    [['build', '--db', small, '--focus', '\u001b[31m1', '--budget', '5'], 'note-context: invalid input: --focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "\\u001b[31m1"'],
    [['build', '--db', join(dir, 'no\nsuch.json'), '--focus', '1', '--budget', '5'], `note-context: invalid input: --db: ${dir}/no\\nsuch.json: cannot read the fixture file (ENOENT)`],
    [['build', '--db', small, '--focus', '1', '--budget', '5', '--col\nour'], "note-context: unknown option '--col\\nour'"],
    [['build', '--db', small, '--focus', '1', '--budget', '5', '--tokenizer', 'a\u2028b\tc'], 'note-context: invalid input: --tokenizer: expected one of o200k, cl100k, estimate, one-per-note, got "a\\u2028b\\tc"'],
    [['build\u0000'], "note-context: unknown command 'build\\u0000' (Did you mean build?)"],
  ])('%j', async (argv, line) => {
    const { code, stdout, stderr } = await run(...argv);
    expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: `${line}\n` });
  });

  it('a fixture whose JSON error quotes a line break still gives one line', async () => {
    const { code, stderr } = await run('build', '--db', fixtureFile('{"notes":\n\n[ oops ]}'), '--focus', '1', '--budget', '5');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^note-context: invalid input: .*: not valid JSON: [^\n]+\n$/);
  });
});

describe('a reader that stops early', () => {
  it('a closed stdout ends the build quietly with exit 0', async () => {
    const child = spawn(process.execPath, [...CLI, 'build', '--db', big, '--focus', '1', '--budget', '100000', '--tokenizer', 'estimate'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Close our end before the child writes a byte: its first write fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('`note-context build … | head -c 50` on a large result: exit 0, nothing on stderr', async () => {
    const command = `node ${CLI.join(' ')} build --db '${big}' --focus 1 --budget 100000 --tokenizer estimate 2>'${dir}/stderr.txt' | head -c 50; echo " \${PIPESTATUS[0]}"; cat '${dir}/stderr.txt'`;
    const { stdout } = await promisify(execFile)('bash', ['-c', command]);
    // 50 bytes of the result, then the CLI's exit status, then its stderr (none).
    expect(stdout.startsWith('{"focusNote":{"uriAndTitle":"[Hub](/n1)"')).toBe(true);
    expect(stdout.slice(50)).toBe(' 0\n');
  });

  it('the whole result, when it is read to the end, is still all there', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [...CLI, 'build', '--db', big, '--focus', '1', '--budget', '1000000', '--tokenizer', 'estimate'], {
      maxBuffer: 10_000_000,
    });
    expect(stdout.length).toBeGreaterThan(200_000);
    expect(GraphRAGResultSchema.parse(JSON.parse(stdout)).relatedNotes).toHaveLength(400);
  });
});

describe('odd bytes in input', () => {
  it('a malformed percent-escape in the URL is invalid input naming --db, for build and load', async () => {
    const line = 'note-context: invalid input: --db: a malformed percent-escape in the password (expected mysql://user:pass@host:port/db)\n';
    expect(await run('build', '--db', 'mysql://u:%E0%A4%A@h/db', '--focus', '1', '--budget', '5')).toEqual({ code: 2, stdout: '', stderr: line });
    expect(await run('load', '--db', 'mysql://u:%E0%A4%A@h/db', small)).toEqual({ code: 2, stdout: '', stderr: line });
  });

  it('a fixture that starts with a UTF-8 byte-order mark is read', async () => {
    const withBom = fixtureFile(`\uFEFF${JSON.stringify({ notes: [{ id: 1, title: 'Ünïcode' }, { id: 2, title: 'Child', parentId: 1 }] })}`);
    const { code, stdout, stderr } = await run('build', '--db', withBom, '--focus', '2', '--budget', '100');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(GraphRAGResultSchema.parse(JSON.parse(stdout)).relatedNotes.map((note) => note.uriAndTitle)).toEqual(['[Ünïcode](/n1)']);
  });
});

describe('load refuses what the note table cannot hold, and writes nothing', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const tableExists = async () => {
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.tables
      WHERE table_schema = DATABASE() AND table_name = 'note'`.execute(database.db);
    return Number(rows[0]?.n) > 0;
  };
  const notes = async () =>
    (await sql<{ id: number; title: string }>`SELECT id, topic_constructor AS title FROM note ORDER BY id`.execute(database.db)).rows;

  const ok = (id: number) => ({ id, title: `Note ${id}` });
  const REFUSED: [object, string][] = [
    [{ id: 2_147_483_648, title: 'big' }, "notes[3].id: above the note table's INT range (2147483647), got 2147483648"],
    [{ id: 9, title: 'x', parentId: 3_000_000_000 }, "notes[3].parentId: above the note table's INT range (2147483647), got 3000000000"],
    [{ id: 9, title: 'x', objectId: 2 ** 31 }, "notes[3].objectId: above the note table's INT range (2147483647), got 2147483648"],
    [{ id: 9, title: 'x', notebookId: 2 ** 32 }, "notes[3].notebookId: above the note table's INT range (2147483647), got 4294967296"],
    [{ id: 9, title: 'x', siblingOrder: 2 ** 53 }, 'notes[3].siblingOrder: outside the safe integer range (±9007199254740991), got 9007199254740992'],
    [{ id: 9, title: 'x', siblingOrder: 1.5 }, 'notes[3].siblingOrder: the note table holds whole numbers only, got 1.5'],
    [{ id: 9, title: 'ß'.repeat(513) }, "notes[3].title: longer than the note table's 512 characters, got 513"],
    [{ id: 9, title: 'x', details: '€'.repeat(5_592_406) }, "notes[3].details: longer than the note table's MEDIUMTEXT (16777215 bytes of UTF-8), got 16777218 bytes"],
    [{ id: 9, title: 'pair 😀 then lone \uD800' }, 'notes[3].title: contains a lone surrogate (U+D800), which MySQL cannot store'],
    [{ id: 9, title: 'x', details: '\uDC00 leads' }, 'notes[3].details: contains a lone surrogate (U+DC00), which MySQL cannot store'],
  ];

  it('into an empty database: exit 2 naming the note and field, and no table is made', async () => {
    for (const [note, message] of REFUSED) {
      const path = fixtureFile({ notes: [ok(1), ok(2), ok(3), note, ok(5)] });
      expect(await run('load', '--db', database.url, path)).toEqual({ code: 2, stdout: '', stderr: `note-context: invalid input: ${message}\n` });
      expect(await tableExists()).toBe(false);
    }
  });

  it('into a loaded table: the rows are untouched', async () => {
    expect(await run('load', '--db', database.url, fixtureFile({ notes: [ok(100), ok(101)] }))).toEqual({
      code: 0,
      stdout: '',
      stderr: 'note-context: loaded 2 notes\n',
    });
    const before = await notes();
    for (const [note, message] of REFUSED) {
      const path = fixtureFile({ notes: [ok(1), ok(2), ok(3), note, ok(5)] });
      expect((await run('load', '--db', database.url, path)).stderr).toBe(`note-context: invalid input: ${message}\n`);
      expect(await notes()).toEqual(before);
    }
    // What the table can hold goes in as it is: the INT maximum, 512 characters, a surrogate pair.
    const edge = { id: 2_147_483_647, title: '😀'.repeat(512), siblingOrder: -(2 ** 53 - 1) };
    expect((await run('load', '--db', database.url, fixtureFile({ notes: [edge] }))).code).toBe(0);
    const { rows } = await sql<{ title: string; order: string | number }>`SELECT topic_constructor AS title, sibling_order AS \`order\`
      FROM note WHERE id = 2147483647`.execute(database.db);
    expect(rows.map((row) => [row.title, String(row.order)])).toEqual([[edge.title, String(edge.siblingOrder)]]);
  });
});
