// No password from a URL ever reaches a message: every error path of `build` and `load` runs with
// a distinctive password, against bad URLs, closed ports, unknown hosts and the real server (a
// user it does not know), and everything printed is searched for the password.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { runCli } from '../src/cli/run-cli.js';
import { StoreUnavailable, ValidationError } from '../src/note-context-error.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { TEST_SERVER_URL } from './support/mysql-test-database.js';

const PASSWORD = 'Zq7Secr3tPw';
const server = new URL(TEST_SERVER_URL);
const serverHost = `${server.hostname}:${server.port || 3306}`;

/** `--db` values that fail, each holding PASSWORD (percent-encoded in part where the URL says so). */
const URLS = [
  `mysql://u:${PASSWORD}@127.0.0.1:99999/db`,
  `mysql://u:${PASSWORD}@[::1:3307/db`,
  `mysql://u:${PASSWORD}@[::1]:70000/db`,
  `mysql://u:${PASSWORD}@h:x1/db`,
  `mysql://u:${PASSWORD}/db`,
  `mysql://u:${PASSWORD}:3306/db`,
  `mysql://u:${PASSWORD}@127.0.0.1:3306`,
  `mysql://u:${PASSWORD}%E0%A4%A@h/db`,
  `mysql://u:${PASSWORD}@h/%E0`,
  `mysql://u:Zq7Secr%33tPw@h:99999/db`,
  `mysql:/u:${PASSWORD}@h/db`,
  `mysql:u:${PASSWORD}@h/db`,
  `postgres://u:${PASSWORD}@h:99999/db`,
  `postgres://u:${PASSWORD}@[::1/db`,
  `postgres://u:${PASSWORD}@127.0.0.1:1/db`,
  `postgresql://u:${PASSWORD}@127.0.0.1:5432`,
  `postgres://nosuchuser:${PASSWORD}@127.0.0.1:5432/test`,
  `MYSQL://u:${PASSWORD}@127.0.0.1:1/db`,
  `mysql://u:${PASSWORD}@nosuchhost.invalid/db`,
  `mysql://nosuchuser:${PASSWORD}@${serverHost}/test`,
  `mysql://nosuchuser:Zq7Secr%33tPw@${serverHost}/test`,
  `mysql://nosuchuser:${PASSWORD}@${serverHost}/no_such_database`,
];

const dir = mkdtempSync(join(tmpdir(), 'note-context-secrets-'));
const broken = join(dir, 'broken.json');
writeFileSync(broken, JSON.stringify({ notes: [{ id: 1 }] }));

/** Every command line worth trying with one URL. */
function commandsFor(url: string): string[][] {
  return [
    ['build', '--db', url, '--focus', '1', '--budget', '5'],
    ['build', '--db', url, '--focus', '1', '--budget', 'ten'],
    ['build', `--db=${url}`, '--focus', '1', '--budget', '5', '--format', 'prompt'],
    ['build', `--bd=${url}`, '--focus', '1', '--budget', '5'],
    ['build', '--db', url, url],
    ['build', '--focus', url, '--budget', '5'],
    ['build', '--focus', '1', '--budget', '5', '--exclude', url],
    ['load', '--db', url, 'fixtures/sample-notebook.json'],
    ['load', '--db', url, broken],
    ['load', '--db', url, join(dir, 'missing.json')],
    ['load', '--db', url, '--batch', '0', 'fixtures/sample-notebook.json'],
    ['load', `--db=${url}`],
    [url],
  ];
}

function expectNoPassword(text: string, context: string): void {
  expect(text, context).not.toContain(PASSWORD);
  expect(text, context).not.toContain('Secr%33t');
}

describe('no password in any message', () => {
  it('on every CLI error path of build and load', async () => {
    let runs = 0;
    const exits = new Set<number>();
    for (const url of URLS) {
      for (const argv of commandsFor(url)) {
        let printed = '';
        const code = await runCli(argv, (text) => (printed += text), (text) => (printed += text));
        expectNoPassword(printed, argv.join(' '));
        expect(code, `${argv.join(' ')}\n${printed}`).not.toBe(0);
        expect(printed.split('\n').filter(Boolean), printed).toHaveLength(1);
        exits.add(code);
        runs += 1;
      }
    }
    expect(runs).toBe(URLS.length * 13);
    // Invalid input, and the database refusing or not being there, were all reached.
    expect([...exits].sort()).toEqual([1, 2]);
  });

  it('the refusals the paths reach are the ones meant', async () => {
    const stderrOf = async (...argv: string[]) => {
      let printed = '';
      await runCli(argv, () => {}, (text) => (printed += text));
      return printed;
    };
    const build = (url: string) => stderrOf('build', '--db', url, '--focus', '1', '--budget', '5');
    expect(await build(URLS[0]!)).toBe(
      'note-context: invalid input: --db: port 99999 is out of range (1–65535) (expected mysql://user:pass@host:port/db)\n',
    );
    expect(await build(URLS[1]!)).toBe(
      'note-context: invalid input: --db: an IPv6 host without its closing ] (expected mysql://user:pass@host:port/db)\n',
    );
    expect(await build(`mysql://nosuchuser:${PASSWORD}@${serverHost}/test`)).toMatch(
      /^note-context: cannot reach the database: Access denied for user 'nosuchuser'@'[^']+' \(using password: YES\)\n$/,
    );
    expect(await stderrOf('load', '--db', `mysql://nosuchuser:${PASSWORD}@${serverHost}/test`, 'fixtures/sample-notebook.json')).toMatch(
      /^note-context: load failed: Access denied for user 'nosuchuser'/,
    );
    expect(await stderrOf('build', `--bd=mysql://u:${PASSWORD}@h/db`, '--focus', '1', '--budget', '5')).toBe(
      "note-context: unknown option '--bd=mysql://u:***@h/db'\n",
    );
    expect(await stderrOf('build', '--focus', `mysql://u:${PASSWORD}@h/db`, '--budget', '5')).toBe(
      'note-context: invalid input: --focus: expected a note id or a uri like /n42, or a list of 1 to 10 distinct ones, got "mysql://u:***@h/db"\n',
    );
  });

  it('in the library: fromUrl refusals and a store the server turns away', async () => {
    for (const url of URLS.filter((candidate) => /^mysql:\/\//.test(candidate))) {
      let store: MysqlNoteStore | undefined;
      try {
        store = MysqlNoteStore.fromUrl(url, { connectTimeoutMs: 2_000 });
        await buildContext(store, { focus: 1, budget: 5 });
        throw new Error(`built from ${url}`);
      } catch (error) {
        expect(error instanceof ValidationError || error instanceof StoreUnavailable, String(error)).toBe(true);
        expectNoPassword(`${(error as Error).message} ${(error as { field?: string }).field ?? ''}`, url);
      } finally {
        await store?.destroy();
      }
    }
  });

  it('the installed command, as a process: nothing on stdout or stderr', async () => {
    const commands = [
      ['build', '--db', `mysql://u:${PASSWORD}@127.0.0.1:99999/db`, '--focus', '1', '--budget', '5'],
      ['build', '--db', `mysql://nosuchuser:${PASSWORD}@${serverHost}/test`, '--focus', '1', '--budget', '5'],
      ['load', '--db', `mysql://nosuchuser:${PASSWORD}@${serverHost}/test`, 'fixtures/sample-notebook.json'],
    ];
    const outcomes = await Promise.all(
      commands.map((argv) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...argv]).then(
          ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        ),
      ),
    );
    expect(outcomes.map((outcome) => outcome.code)).toEqual([2, 1, 1]);
    for (const [index, outcome] of outcomes.entries()) {
      expect(outcome.stderr).toMatch(/^note-context: [^\n]+\n$/);
      expectNoPassword(`${outcome.stdout}${outcome.stderr}`, commands[index]!.join(' '));
    }
  });
});
