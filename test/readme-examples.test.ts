// SLOW (~1–2 min): runs the README's code blocks as written, from the packed tarball installed
// into an empty project, as a user who copies them would.
//
// Convention: the line before a fenced block in README.md may be an HTML comment (invisible on
// GitHub) that says what this test does with the block:
//   <!-- example: NAME -->    run it. ```ts blocks are compiled by tsc (strict, module nodenext)
//                             in an ESM project and run with node; ```js blocks are run as
//                             CommonJS (NAME.cjs); ```sh blocks are run by bash in the project.
//                             NAME picks the checks in EXPECTATIONS below.
//   <!-- not-run: REASON -->  show it only (commands for a clone of the repository).
// Every ```ts, ```js and ```sh block must carry one of the two; other languages (text, json)
// are not code to run. The MySQL example runs against a database of its own (DATABASE_URL),
// loaded by the README's own load command, and is type-checked and run with each kysely the
// peer range allows.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, ROOT } from './support/service-processes.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './support/postgres-test-database.js';

const run = promisify(execFile);
const TIMEOUT = 240_000;

interface Example {
  readonly name: string;
  readonly language: string;
  readonly code: string;
}

/** The README's fenced blocks with their markers; a ts/js/sh block without one is an error. */
function readmeBlocks(markdown: string): { examples: Example[]; unmarked: string[] } {
  const examples: Example[] = [];
  const unmarked: string[] = [];
  const fence = /(?:^<!-- (example|not-run): ([^>]*?) -->\n)?^```(\w*)\n([\s\S]*?)^```$/gm;
  for (const [, marker, name, language, code] of markdown.matchAll(fence)) {
    if (!['ts', 'js', 'sh'].includes(language!)) continue;
    if (marker === undefined) unmarked.push(code!.split('\n')[0]!);
    else if (marker === 'example') examples.push({ name: name!, language: language!, code: code! });
  }
  return { examples, unmarked };
}

type Ran = { stdout: string; stderr: string };
/** What each example must print (or leave behind); an example without an entry fails the test. */
const EXPECTATIONS: Record<string, (ran: Ran, dir: string) => void> = {
  commonjs: ({ stdout }) => expect(stdout).toBe('[Energy](/n19)\n'),
  'quick-start': ({ stdout }) => {
    expect(stdout).toContain('# Focus note');
    expect(stdout).toContain('[Energy](/n19)');
  },
  library: ({ stdout }) => {
    expect(stdout).toMatch(/^Parent: \[Physics\]\(\/n1\)$/m);
    expect(stdout).toMatch(/^spent \d+ of 800 tokens; \d+ notes did not fit$/m);
    expect(stdout).toContain('no such note: 99999');
  },
  'mysql-load': ({ stderr }) => expect(stderr).not.toMatch(/error|refused/i),
  mysql: ({ stdout }) => expect(stdout).toMatch(/^\[Energy\]\(\/n19\) [1-9]\d*\n$/),
  'cli-report': ({ stderr }, dir) => {
    expect(JSON.parse(readFileSync(join(dir, 'context.json'), 'utf8')).focusNote.uriAndTitle).toBe('[Energy](/n19)');
    // npx may add its own warnings on stderr; the report is the line that is JSON.
    const report = stderr.split('\n').find((line) => line.startsWith('{'));
    expect(JSON.parse(report ?? 'null')).toMatchObject({ budget: 200, tokenizer: 'o200k' });
  },
  serve: (_ran, dir) => expect(readFileSync(join(dir, 'context.md'), 'utf8')).toContain('[Energy](/n19)'),
  'http-plugin': ({ stdout }) => expect(stdout).toMatch(/^200 \[Energy\]\(\/n19\) \d+ tokens\n$/),
  'postgres-load': ({ stderr }) => expect(stderr).not.toMatch(/error|refused/i),
  postgres: ({ stdout }) => expect(stdout).toMatch(/^\[Energy\]\(\/n19\) [1-9]\d*\n$/),
  beyond: ({ stdout }) => {
    const [relations, tight, ...ledger] = stdout.trimEnd().split('\n');
    expect(relations!.split(' ').every((relation) => ['Parent', 'Child', 'NoteInContextualPath'].includes(relation))).toBe(true);
    expect(tight).toMatch(/^\d+ of 100 tokens, [1-9]\d* shortened$/);
    expect(ledger.some((line) => line.endsWith('tokens)') && line.includes('of /n19'))).toBe(true);
    expect(ledger.some((line) => line.includes('of /n27'))).toBe(true);
  },
  // The sample notebook's links (fixtures/sample-notebook.json): Energy /n19 links to Joule /n131,
  // which links to Newton /n133 and Metre /n135; /n115 and /n138 link to Energy.
  'cli-links': ({ stdout }) => {
    expect(stdout).toContain('## [Joule (J)](/n131)\nRelation: LinkedNote\n');
    expect(stdout).toContain('## [Newton (N)](/n133)\nRelation: LinkedNoteLink\n');
    expect(stdout).toContain('## [エネルギー (enerugī)](/n115)\nRelation: LinkingNote\n');
  },
  links: ({ stdout }) => {
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toEqual(expect.arrayContaining(['LinkedNote /n131', 'LinkedNoteLink /n133 via /n131', 'LinkedNoteLink /n135 via /n131', 'LinkingNote /n115']));
    expect(lines.at(-1)).toBe('[エネルギー (enerugī)](/n115) [Watt-hour (Wh)](/n138)');
  },
  // Checked below with a real MCP client: the example is a server that runs until stdin closes.
  'mcp-server': () => undefined,
};

const examples = readmeBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
const named = (name: string): Example => {
  const example = examples.examples.find((candidate) => candidate.name === name);
  if (!example) throw new Error(`README.md has no block marked <!-- example: ${name} -->`);
  return example;
};

describe("README's examples (slow: npm pack + npm install into an empty project)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'note-context-readme-'));
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  let database: TestDatabase;
  let postgres: PostgresTestDatabase;
  const env = () => ({ ...childEnv(), DATABASE_URL: database.url, POSTGRES_URL: postgres.url });

  /** Compiles the ts examples given and returns nothing: a type error fails with tsc's output. */
  async function compile(names: readonly string[]): Promise<void> {
    for (const name of names) writeFileSync(join(dir, `${name}.ts`), named(name).code);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'es2022',
          strict: true,
          skipLibCheck: true,
          outDir: 'out',
          rootDir: '.',
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: names.map((name) => `${name}.ts`),
      }),
    );
    await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir }).catch((error: { stdout?: string }) => {
      throw new Error(`tsc: ${error.stdout ?? String(error)}`);
    });
  }

  async function runExample(example: Example): Promise<Ran> {
    if (example.language === 'sh') return run('bash', ['-euo', 'pipefail', '-c', example.code], { cwd: dir, env: env() });
    if (example.language === 'js') {
      writeFileSync(join(dir, `${example.name}.cjs`), example.code);
      return run(process.execPath, [`${example.name}.cjs`], { cwd: dir, env: env() });
    }
    return run(process.execPath, [join('out', `${example.name}.js`)], { cwd: dir, env: env(), timeout: 60_000 });
  }

  async function check(name: string): Promise<void> {
    const example = named(name);
    const ran = await runExample(example);
    EXPECTATIONS[name]!(ran, dir);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    postgres = await createPostgresTestDatabase();
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, maxBuffer: 16 << 20 });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme-examples', private: true, type: 'module' }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, packed!.filename)], { cwd: dir });
  }, TIMEOUT);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await database?.drop();
    await postgres?.drop();
  });

  it('every ts, js and sh block is marked, and every example has its checks', () => {
    expect(examples.unmarked).toEqual([]);
    expect(examples.examples.map((example) => example.name).filter((name) => !(name in EXPECTATIONS))).toEqual([]);
    expect(Object.keys(EXPECTATIONS).filter((name) => !examples.examples.some((example) => example.name === name))).toEqual([]);
  });

  it('the quick start, the CLI, the CommonJS example and serve from a shell script', async () => {
    await check('quick-start');
    await check('cli-report');
    await check('cli-links');
    await check('commonjs');
    await check('serve');
  }, TIMEOUT);

  it('the library examples and the Fastify plugin, compiled and run as ESM', async () => {
    await compile(['library', 'beyond', 'links', 'http-plugin']);
    await check('library');
    await check('beyond');
    await check('links');
    await check('http-plugin');
  }, TIMEOUT);

  it('the MCP server example answers a real client over stdio', async () => {
    await compile(['mcp-server']);
    const transport = new StdioClientTransport({ command: process.execPath, args: [join('out', 'mcp-server.js')], cwd: dir, env: childEnv(), stderr: 'pipe' });
    const client = new Client({ name: 'readme-examples', version: '0.0.0' });
    await client.connect(transport);
    try {
      const found = await client.callTool({ name: 'find_notes', arguments: { query: 'energy' } });
      expect(found.structuredContent).toEqual({ notes: [{ uri: '/n19', title: 'Energy', notebookId: 1 }] });
    } finally {
      await client.close();
    }
  }, TIMEOUT);

  it('the PostgreSQL load into a table of its own names, then the PostgreSQL example: type-checked, run, and it ends', async () => {
    await check('postgres-load');
    await compile(['postgres']);
    await check('postgres');
  }, TIMEOUT);

  it('the MySQL load, then the MySQL example with kysely 0.27, 0.28 and 0.29: type-checked, run, and it ends', async () => {
    await check('mysql-load');
    for (const version of ['0.27', '0.28', '0.29']) {
      await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-save', `kysely@${version}`], { cwd: dir });
      const installed = JSON.parse(readFileSync(join(dir, 'node_modules', 'kysely', 'package.json'), 'utf8')).version as string;
      expect(installed.startsWith(`${version}.`)).toBe(true);
      await compile(['mysql']);
      await check('mysql');
    }
  }, TIMEOUT);
});
