// Configuration as an operator gives it: every flag also from the environment, PORT for serve,
// the version, the commands listed, and a hint when `load` is pointed at a database not made yet.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envOf, runCli } from '../src/cli/run-cli.js';
import { runServeCommand } from '../src/http/run-serve-command.js';
import { TEST_SERVER_URL } from './support/mysql-test-database.js';
import { POSTGRES_TEST_SERVER_URL } from './support/postgres-test-database.js';

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, (text) => (stdout += text), (text) => (stderr += text));
  return { code, stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'note-context-config-'));
const small = join(dir, 'small.json');
writeFileSync(small, JSON.stringify({ notes: [{ id: 1, title: 'Physics' }, { id: 2, title: 'Energy', parentId: 1 }] }));

const set: string[] = [];
function setEnv(values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) {
    process.env[key] = value;
    set.push(key);
  }
}
afterEach(() => {
  for (const key of set.splice(0)) delete process.env[key];
});

const COMMANDS = ['build', 'load', 'schema', 'mcp', 'serve'];

describe('the command line’s configuration', () => {
  it.each(COMMANDS)('every flag of %s has its NOTE_CONTEXT_ variable, shown in its help', async (command) => {
    const { code, stdout } = await run(command, '--help');
    expect(code).toBe(0);
    const flags = stdout.split('\n').filter((line) => /^\s+(-\w, )?--/.test(line) && !/--help\b/.test(line));
    expect(flags.length).toBeGreaterThan(0);
    for (const line of flags) {
      const long = /--[a-z-]+/.exec(line)![0];
      // The description may wrap: the variable is named on the flag's line or those after it.
      const block = stdout.slice(stdout.indexOf(line)).split(/\n\s+--/)[0]!;
      expect(block.replace(/\s+/g, ' '), long).toContain(`env: ${envOf(long)})`);
    }
  });

  it('a flag given as a variable is used, and a message names the variable; the flag wins over it', async () => {
    setEnv({ NOTE_CONTEXT_DB: small, NOTE_CONTEXT_FOCUS: '/n2', NOTE_CONTEXT_BUDGET: '100' });
    const fromEnv = await run('build', '--format', 'prompt');
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.stdout).toContain('Energy');
    setEnv({ NOTE_CONTEXT_BUDGET: 'ten' });
    const bad = await run('build');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('note-context: invalid input: NOTE_CONTEXT_BUDGET: expected an integer ≥ 0, got "ten"\n');
    expect((await run('build', '--budget', '5')).code).toBe(0);
    setEnv({ NOTE_CONTEXT_DB: join(dir, 'missing.json') });
    expect((await run('build', '--budget', '5')).stderr).toMatch(/^note-context: invalid input: NOTE_CONTEXT_DB: /);
  });

  it('a switch from the environment reads its words: false, 0, no and off leave it off; another word is refused naming the variable', async () => {
    for (const text of ['false', '0', 'no', 'OFF', '']) {
      setEnv({ NOTE_CONTEXT_REPORT: text });
      const { code, stderr } = await run('build', '--db', small, '--focus', '1', '--budget', '10');
      expect([text, code, stderr]).toEqual([text, 0, '']);
    }
    for (const text of ['true', '1', 'yes', 'On']) {
      setEnv({ NOTE_CONTEXT_REPORT: text });
      const { code, stderr } = await run('build', '--db', small, '--focus', '1', '--budget', '10');
      expect(code).toBe(0);
      expect(JSON.parse(stderr)).toMatchObject({ budget: 10 });
    }
    setEnv({ NOTE_CONTEXT_REPORT: 'maybe' });
    const refused = await run('build', '--db', small, '--focus', '1', '--budget', '10');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe('note-context: invalid input: NOTE_CONTEXT_REPORT: expected true or false (1/0, yes/no, on/off), got "maybe"\n');
  });

  it('NOTE_CONTEXT_RELATIONS and NOTE_CONTEXT_FIT give the build its relations and fit, and a bad one is named', async () => {
    const notebook = join(dir, 'relations.json');
    writeFileSync(
      notebook,
      JSON.stringify({
        notes: [
          { id: 1, title: 'Physics', details: 'The study of matter and energy and how they interact. '.repeat(4) },
          { id: 2, title: 'Energy', parentId: 1 },
          { id: 3, title: 'Work', parentId: 2, details: 'Force applied over a distance, measured in joules. '.repeat(4) },
        ],
      }),
    );
    setEnv({ NOTE_CONTEXT_DB: notebook, NOTE_CONTEXT_FOCUS: '2', NOTE_CONTEXT_BUDGET: '80', NOTE_CONTEXT_TOKENIZER: 'estimate' });
    // Every relation, skipping: the parent fits and the child, whole, does not.
    const every = JSON.parse((await run('build')).stdout) as { relatedNotes: { uriAndTitle: string }[] };
    expect(every.relatedNotes.map((note) => note.uriAndTitle)).toEqual(['[Physics](/n1)']);
    setEnv({ NOTE_CONTEXT_RELATIONS: 'Child', NOTE_CONTEXT_FIT: 'shorten' });
    const fromEnv = await run('build');
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.stdout).toBe((await run('build', '--relations', 'Child', '--fit', 'shorten')).stdout);
    const children = JSON.parse(fromEnv.stdout) as { relatedNotes: { uriAndTitle: string; details?: string }[] };
    expect(children.relatedNotes.map((note) => note.uriAndTitle)).toEqual(['[Work](/n3)']);
    expect(children.relatedNotes[0]!.details!.length).toBeLessThan('Force applied over a distance, measured in joules. '.repeat(4).trim().length);
    setEnv({ NOTE_CONTEXT_FIT: 'cut' });
    const bad = await run('build');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('note-context: invalid input: NOTE_CONTEXT_FIT: expected one of skip, shorten, got "cut"\n');
  });

  it('NOTE_CONTEXT_LINKS turns links on as --links does; false leaves them off; another word is refused naming it', async () => {
    const notebook = join(dir, 'links.json');
    writeFileSync(
      notebook,
      JSON.stringify({
        notes: [
          { id: 1, title: 'Physics', details: 'The study of [[Energy]].' },
          { id: 2, title: 'Energy', parentId: 1 },
          { id: 3, title: 'Work', details: 'Energy moved by a force, see [[ energy | energy]].', notebookId: 2 },
        ],
      }),
    );
    setEnv({ NOTE_CONTEXT_DB: notebook, NOTE_CONTEXT_FOCUS: '2', NOTE_CONTEXT_BUDGET: '100', NOTE_CONTEXT_TOKENIZER: 'one-per-note' });
    const relations = (stdout: string) =>
      (JSON.parse(stdout) as { relatedNotes: { uriAndTitle: string; relationToFocusNote: string }[] }).relatedNotes.map(
        (note) => `${note.relationToFocusNote} ${note.uriAndTitle}`,
      );
    expect(relations((await run('build')).stdout)).toEqual(['Parent [Physics](/n1)']);
    setEnv({ NOTE_CONTEXT_LINKS: 'true' });
    const fromEnv = await run('build');
    expect(fromEnv.code).toBe(0);
    // Physics is the parent before it is a linking note; Work, in another notebook, links to Energy too.
    expect(relations(fromEnv.stdout)).toEqual(['Parent [Physics](/n1)', 'LinkingNote [Work](/n3)']);
    setEnv({ NOTE_CONTEXT_LINKS: 'false' });
    expect(relations((await run('build')).stdout)).toEqual(['Parent [Physics](/n1)']);
    setEnv({ NOTE_CONTEXT_LINKS: 'maybe' });
    const bad = await run('build');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('note-context: invalid input: NOTE_CONTEXT_LINKS: expected true or false (1/0, yes/no, on/off), got "maybe"\n');
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const { code, stdout } = await run(flag);
      expect(code).toBe(0);
      expect(stdout).toBe(`${version}\n`);
    }
  });

  it('no command lists all five', async () => {
    const { code, stderr } = await run();
    expect(code).toBe(2);
    for (const command of COMMANDS) expect(stderr).toContain(command);
  });

  it('serve takes PORT when neither --port nor NOTE_CONTEXT_PORT is given, and names it in a message', async () => {
    const flags = { host: '127.0.0.1', maxBuilds: '8', queue: '256', queueWaitMs: '5000', timeoutMs: '1000' };
    const fieldOf = (key: string) => `--${key}`;
    let stderr = '';
    expect(await runServeCommand(flags, fieldOf, (text) => (stderr += text), { PORT: 'http' })).toBe(2);
    expect(stderr).toBe('note-context: invalid input: PORT: expected an integer from 0 to 65535, got "http"\n');
    stderr = '';
    expect(await runServeCommand({ ...flags, port: '99999' }, fieldOf, (text) => (stderr += text), { PORT: '8080' })).toBe(2);
    expect(stderr).toBe('note-context: invalid input: --port: expected an integer from 0 to 65535, got "99999"\n');
  });

  it('serve takes its HTTP settings from the environment too, and a message names the variable', async () => {
    setEnv({ NOTE_CONTEXT_LOG_LEVEL: 'loud' });
    const badLevel = await run('serve', '--port', '0');
    expect(badLevel.code).toBe(2);
    expect(badLevel.stderr).toBe('note-context: invalid input: NOTE_CONTEXT_LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"\n');
    setEnv({ NOTE_CONTEXT_LOG_LEVEL: 'info', NOTE_CONTEXT_CORS: 'app.example' });
    const badCors = await run('serve', '--port', '0');
    expect(badCors.code).toBe(2);
    expect(badCors.stderr).toBe('note-context: invalid input: NOTE_CONTEXT_CORS: expected * or comma-separated origins like https://app.example, got "app.example"\n');
  });

  it('load into a database that does not exist says how to create it', async () => {
    const name = `note_context_missing_${process.pid}`;
    const url = TEST_SERVER_URL.replace(/\/[^/]*$/, `/${name}`);
    const { code, stderr } = await run('load', '--db', url, small);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `note-context: load failed: database ${name} does not exist; create it first, e.g. mysql -e 'CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4'\n`,
    );
  });

  it('load into a PostgreSQL database that does not exist says how to create it', async () => {
    const name = `note_context_missing_${process.pid}`;
    const url = POSTGRES_TEST_SERVER_URL.replace(/\/[^/?]*(\?.*)?$/, `/${name}`);
    const { code, stderr } = await run('load', '--db', url, small);
    expect(code).toBe(1);
    expect(stderr).toBe(`note-context: load failed: database ${name} does not exist; create it first, e.g. psql -c 'CREATE DATABASE "${name}"'\n`);
  });

  it('a host’s table and columns from NOTE_CONTEXT_TABLE and NOTE_CONTEXT_COLUMNS: a message names the variable, for build, load and the services', async () => {
    const url = 'postgres://reader:secret@127.0.0.1:1/notes';
    setEnv({ NOTE_CONTEXT_COLUMNS: 'title' });
    const pairs = 'expected field=column pairs, the fields among id, title, details, parentId, objectId, siblingOrder, notebookId, deletedAt; got "title"';
    for (const argv of [['build', '--db', url, '--focus', '1', '--budget', '5'], ['load', '--db', url, small], ['serve', '--db', url], ['mcp', '--db', url]]) {
      const { code, stderr } = await run(...argv);
      expect(code, argv[0]).toBe(2);
      expect(stderr, argv[0]).toBe(`note-context: invalid input: NOTE_CONTEXT_COLUMNS: ${pairs}\n`);
    }
    setEnv({ NOTE_CONTEXT_COLUMNS: 'title=name', NOTE_CONTEXT_TABLE: 'notes', NOTE_CONTEXT_DB: small });
    const onFile = await run('build', '--focus', '1', '--budget', '5');
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toBe('note-context: invalid input: NOTE_CONTEXT_TABLE: only with a mysql:// or postgres:// NOTE_CONTEXT_DB\n');
    const flagged = await run('build', '--db', small, '--table', 'notes', '--focus', '1', '--budget', '5');
    expect(flagged.stderr).toBe('note-context: invalid input: --table: only with a mysql:// or postgres:// --db\n');
  });
});
