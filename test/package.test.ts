// SLOW (~30–60 s): packs the package, installs the tarball into an empty project from the
// registry, and runs what a user would run from there. It is the only test of the package
// as published: exports (import and require), bin, files, dependencies.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, ROOT, startServe } from './support/service-processes.js';

const run = promisify(execFile);
const TIMEOUT = 180_000;

describe('package (slow: npm pack + npm install into an empty project)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'note-context-package-'));
  const bin = [join(dir, 'node_modules', '.bin', 'note-context')];
  let files: string[] = [];

  beforeAll(async () => {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, maxBuffer: 16 << 20 });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    files = packed!.files.map((file) => file.path);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, packed!.filename)], { cwd: dir });
  }, TIMEOUT);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ships dist, the sample notebook, README and LICENSE; no sources, tests or source maps', () => {
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/cli/main.js', 'fixtures/sample-notebook.json']));
    expect(files).toEqual(expect.arrayContaining(['mysql', 'postgres'].flatMap((engine) => [`dist/store/${engine}/index.js`, `dist/store/${engine}/index.d.ts`])));
    expect(files.filter((path) => /\.map$|^src\/|^test\//.test(path))).toEqual([]);
  });

  it("runs the README's library example (import) and require('note-context')", async () => {
    const example = readFileSync(join(ROOT, 'examples', 'build-context.ts'), 'utf8');
    writeFileSync(join(dir, 'example.mjs'), example);
    const { stdout } = await run(process.execPath, ['example.mjs'], { cwd: dir });
    expect(stdout).toMatch(/^Parent: \[Physics\]\(\/n1\)$/m);
    expect(stdout).toMatch(/spent \d+ of 800 tokens/);
    expect(stdout).toContain('no such note: 99999');

    const beyond = readFileSync(join(ROOT, 'examples', 'beyond-one-focus.ts'), 'utf8');
    writeFileSync(join(dir, 'beyond.mjs'), beyond);
    const beyondRun = await run(process.execPath, ['beyond.mjs'], { cwd: dir });
    expect(beyondRun.stdout).toMatch(/^shorten: 100 of 100 tokens, 1 note\(s\) shortened$/m);
    expect(beyondRun.stdout).toMatch(/^\/n27 Parent: \[Chemistry\]\(\/n26\)$/m);
    expect(beyondRun.stdout).toMatch(/^\/n1 \(note, \d+ tokens\): Parent of \/n19$/m);

    writeFileSync(join(dir, 'required.cjs'), "const nc = require('note-context'); console.log(typeof nc.buildContext, Object.keys(nc.jsonSchemas).join());");
    const required = await run(process.execPath, ['required.cjs'], { cwd: dir });
    expect(required.stdout).toBe('function buildOptions,result,multiFocusResult,report\n');
    expect(required.stderr).toBe('');
  });

  it('note-context loads no database driver; note-context/mysql and note-context/postgres load their own only (import and require)', async () => {
    // A load hook reports every module an import loads.
    writeFileSync(join(dir, 'driver-hooks.mjs'), "import { writeSync } from 'node:fs'; export async function load(u, c, next) { writeSync(2, `load ${u}\\n`); return next(u, c); }");
    writeFileSync(join(dir, 'driver-register.mjs'), "import { register } from 'node:module'; register('./driver-hooks.mjs', import.meta.url);");
    const loaded = async (entry: string) => {
      const { stderr } = await run(process.execPath, ['--import', './driver-register.mjs', '--input-type=module', '-e', `await import('${entry}')`], { cwd: dir });
      return stderr.split('\n').filter((line) => line.startsWith('load ')).map((line) => line.slice('load '.length));
    };
    /** The database packages among the modules loaded, each once. */
    const drivers = (modules: string[]) => [...new Set(modules.map((url) => /\/node_modules\/(mysql2|pg|kysely)\//.exec(url)?.[1]).filter((name) => name !== undefined))].sort();

    const root = await loaded('note-context');
    // The hook saw the package's own modules.
    expect(root.some((url) => url.endsWith('/node_modules/note-context/dist/index.js'))).toBe(true);
    expect(drivers(root)).toEqual([]);
    expect(drivers(await loaded('note-context/mysql'))).toEqual(['kysely', 'mysql2']);
    expect(drivers(await loaded('note-context/postgres'))).toEqual(['kysely', 'pg']);

    writeFileSync(
      join(dir, 'engines.cjs'),
      "const { MysqlNoteStore, NOTE_TABLE_DDL, loadFixture } = require('note-context/mysql'); const postgres = require('note-context/postgres'); console.log(typeof MysqlNoteStore.fromUrl, NOTE_TABLE_DDL.includes('CREATE TABLE'), loadFixture === postgres.loadFixture, typeof postgres.PostgresNoteStore.fromUrl);",
    );
    expect((await run(process.execPath, ['engines.cjs'], { cwd: dir })).stdout).toBe('function true true function\n');
  });

  it('npx note-context build, without loading the MCP SDK or Fastify', async () => {
    const { stdout } = await run('npx', ['note-context', 'build', '--focus', '/n19', '--budget', '300'], { cwd: dir });
    expect(JSON.parse(stdout).focusNote.uriAndTitle).toBe('[Energy](/n19)');

    // A resolve hook reports every module the CLI asks for.
    writeFileSync(join(dir, 'hooks.mjs'), "import { writeSync } from 'node:fs'; export async function resolve(s, c, next) { writeSync(2, `resolve ${s}\\n`); return next(s, c); }");
    writeFileSync(join(dir, 'register.mjs'), "import { register } from 'node:module'; register('./hooks.mjs', import.meta.url);");
    const traced = await run(process.execPath, ['--import', './register.mjs', bin[0]!, 'build', '--focus', '19', '--budget', '10'], { cwd: dir });
    // The CLI is bundled: its command line is one chunk of dist/cli/.
    expect(traced.stderr).toMatch(/resolve \.\/run-cli-\w+\.js/);
    expect(traced.stderr).not.toMatch(/fastify|modelcontextprotocol/);
  });

  it('a build reads the ranks from the rank files the build wrote, and writes nothing outside the package', async () => {
    expect(files).toEqual(expect.arrayContaining(['dist/budget/o200k_base.ranks', 'dist/budget/cl100k_base.ranks']));
    // A load hook reports every module the CLI loads (a resolve hook would also see import.meta.resolve).
    writeFileSync(join(dir, 'load-hooks.mjs'), "import { writeSync } from 'node:fs'; export async function load(u, c, next) { writeSync(2, `load ${u}\\n`); return next(u, c); }");
    writeFileSync(join(dir, 'load-register.mjs'), "import { register } from 'node:module'; register('./load-hooks.mjs', import.meta.url);");
    const home = mkdtempSync(join(tmpdir(), 'note-context-home-'));
    try {
      const env = { ...process.env, HOME: home, XDG_CACHE_HOME: '' };
      for (const tokenizer of ['o200k', 'cl100k']) {
        const traced = await run(process.execPath, ['--import', './load-register.mjs', bin[0]!, 'build', '--focus', '19', '--budget', '300', '--tokenizer', tokenizer], { cwd: dir, env });
        expect(JSON.parse(traced.stdout).focusNote.uriAndTitle).toBe('[Energy](/n19)');
        expect(traced.stderr).toMatch(new RegExp(`load \\S*/dist/cli/${tokenizer}-encoding-\\w+\\.js`));
        // Counted over the rank file's table: the library's encoder is never made.
        expect(traced.stderr).not.toMatch(/\/gpt-tokenizer\/esm\/(GptEncoding|BytePairEncodingCore)\.js/);
        expect(traced.stderr).not.toMatch(/bpeRanks/);
      }
      expect(readdirSync(home)).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('note-context mcp: initialize, list the tools, call one', async () => {
    const { client } = await connectMcp([], {}, bin, dir);
    try {
      expect(client.getServerVersion()?.name).toBe('note-context');
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['find_notes', 'get_note_context']);
      const found = await client.callTool({ name: 'find_notes', arguments: { query: 'energy' } });
      expect(found.structuredContent).toEqual({ notes: [{ uri: '/n19', title: 'Energy', notebookId: 1 }] });
    } finally {
      await client.close();
    }
  });

  it('note-context serve: one request, then SIGTERM and exit 0', async () => {
    const serve = await startServe([], {}, bin, dir);
    const response = await fetch(`${serve.baseUrl}/notes/19/context?budget=100&format=prompt`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('[Energy](/n19)');
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  });

  it("note-context/http: a host's own Fastify mounts the plugin under a prefix (import and require)", async () => {
    const host = (load: string) => `${load}
const app = Fastify({ logger: false });
await app.register(noteContextPlugin, { prefix: '/context', store: new MemoryNoteStore(await readFixtureFile('node_modules/note-context/fixtures/sample-notebook.json')) });
const answer = await app.inject('/context/notes/19/context?budget=100');
console.log(answer.statusCode, JSON.parse(answer.body).result.focusNote.uriAndTitle, answer.headers.etag !== undefined);
await app.close();`;
    writeFileSync(join(dir, 'host.mjs'), host("import Fastify from 'fastify';\nimport { noteContextPlugin } from 'note-context/http';\nimport { MemoryNoteStore, readFixtureFile } from 'note-context';"));
    expect((await run(process.execPath, ['host.mjs'], { cwd: dir })).stdout).toBe('200 [Energy](/n19) true\n');
    writeFileSync(
      join(dir, 'host.cjs'),
      `(async () => {${host("const Fastify = require('fastify');\nconst { noteContextPlugin } = require('note-context/http');\nconst { MemoryNoteStore, readFixtureFile } = require('note-context');")}\n})();`,
    );
    expect((await run(process.execPath, ['host.cjs'], { cwd: dir })).stdout).toBe('200 [Energy](/n19) true\n');
  });
});
