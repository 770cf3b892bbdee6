// What each command loads before it answers. Start-up time is mostly module loading, so this pins
// the imports behind it (the times themselves belong to `npm run bench`, never to a test): `--help`
// loads the command line only, a flag error the options' schema too; a build loads the one
// tokenizer it counts with; nothing that reads a fixture loads a database driver or the services,
// and a database URL loads its own driver, never the other engine's.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A load hook, registered after tsx's so that it sees every module tsx loads (a resolve hook would
// also see `import.meta.resolve`, which names a module without loading it).
// Written at once with writeSync: on Node 22 the hooks run on a thread of their own, whose buffered
// stderr may be lost when the CLI exits right after loading its last module.
const HOOKS =
  "import { writeSync } from 'node:fs'; export async function load(url, context, next) { writeSync(2, `loaded ${url}\\n`); return next(url, context); }";
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;
const TRACED_CLI = ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, 'src/cli/main.ts'];

/** Runs the CLI from the sources; resolves to its exit code and the modules it loaded. */
function trace(...argv: string[]): Promise<{ code: number; modules: string[] }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...TRACED_CLI, ...argv], (error, _stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      const modules = stderr
        .split('\n')
        .filter((line) => line.startsWith('loaded '))
        .map((line) => line.slice('loaded '.length));
      resolve({ code: error ? Number(error.code) : 0, modules });
    });
  });
}

/** The modules that match, each once. */
const loads = (modules: string[], pattern: RegExp) => [...new Set(modules.filter((url) => pattern.test(url)))];

/** Only the commands that need them load these. */
const SCHEMAS = /\/src\/build-options\.ts|\/node_modules\/zod\//;
const DATABASE = /\/node_modules\/(kysely|mysql2|pg|pg-connection-string)\//;
const SERVICES = /\/node_modules\/(fastify|@modelcontextprotocol)\//;
const TOKENIZERS = /\/node_modules\/gpt-tokenizer\//;
/** The library's build, its stores and the caches behind them. */
const BUILD = /\/src\/(build-context|store\/memory\/memory-note-store|budget\/tokenizer)\.ts|\/node_modules\/(dataloader|lru-cache)\//;

describe('what the CLI loads before it answers', () => {
  it.each([
    ['--help', ['--help'], 0],
    ['build --help', ['build', '--help'], 0],
    ['an unknown option', ['build', '--colour'], 2],
  ])('%s: the command line only, not even the options schema', async (_, argv, exitCode) => {
    const { code, modules } = await trace(...argv);
    expect(code).toBe(exitCode);
    // The hook works: the command line was seen.
    expect(loads(modules, /\/node_modules\/commander\//)).not.toEqual([]);
    expect(loads(modules, new RegExp(`${SCHEMAS.source}|${DATABASE.source}|${SERVICES.source}|${TOKENIZERS.source}|${BUILD.source}`))).toEqual([]);
  });

  it('a flag error: the options schema, nothing of the build', async () => {
    const { code, modules } = await trace('build', '--budget', 'nope');
    expect(code).toBe(2);
    expect(loads(modules, SCHEMAS)).not.toEqual([]);
    expect(loads(modules, new RegExp(`${DATABASE.source}|${SERVICES.source}|${TOKENIZERS.source}|${BUILD.source}`))).toEqual([]);
  });

  it('a build on the sample notebook with the default tokenizer (o200k): its tables and no other', async () => {
    const file = (url: string) => url.replace(/^.*\/esm\//, '');
    const TABLES = /\/gpt-tokenizer\/esm\/(bpeRanks|encoding)\//;
    // From the sources there is no rank file (the build writes it into dist/): the library's ranks.
    const { code, modules } = await trace('build', '--focus', '/n19', '--budget', '10');
    expect(code).toBe(0);
    expect(loads(modules, TABLES).map(file)).toEqual(['bpeRanks/o200k_base.js']);
    // Counted over the project's own rank table: the library's encoder is never made.
    expect(loads(modules, /\/gpt-tokenizer\/esm\/(GptEncoding|BytePairEncodingCore)\.js/)).toEqual([]);
    expect(loads(modules, /\/src\/budget\/(o200k-encoding|rank-file|rank-table)\.ts/).map((url) => url.replace(/^.*\//, '')).sort()).toEqual(['o200k-encoding.ts', 'rank-file.ts', 'rank-table.ts']);
    expect(loads(modules, /\/src\/budget\/cl100k-encoding\.ts/)).toEqual([]);
    expect(loads(modules, new RegExp(`${DATABASE.source}|${SERVICES.source}`))).toEqual([]);
  });

  it('a build with the estimate: no BPE table at all', async () => {
    const { code, modules } = await trace('build', '--focus', '/n19', '--budget', '10', '--tokenizer', 'estimate');
    expect(code).toBe(0);
    expect(loads(modules, /\/src\/build-context\.ts/)).not.toEqual([]);
    expect(loads(modules, new RegExp(`${TOKENIZERS.source}|${DATABASE.source}|${SERVICES.source}`))).toEqual([]);
  });
});

describe('a database URL loads its own driver only', () => {
  const MYSQL_DRIVER = /\/node_modules\/mysql2\//;
  // pg, and pg's URL parser.
  const PG_DRIVER = /\/node_modules\/pg(-connection-string)?\//;
  // Nothing listens on port 1 of the loopback: the connection is refused at once, once the
  // command has loaded what it connects with.
  const URLS = { mysql: 'mysql://root@127.0.0.1:1/none', postgres: 'postgres://postgres@127.0.0.1:1/none' };
  const COMMANDS = {
    build: (url: string) => ['build', '--db', url, '--focus', '19', '--budget', '10'],
    load: (url: string) => ['load', '--db', url, 'fixtures/sample-notebook.json'],
  };

  it.each([
    ['build', 'mysql'],
    ['build', 'postgres'],
    ['load', 'mysql'],
    ['load', 'postgres'],
  ] as const)('%s on a %s URL', async (command, engine) => {
    const { code, modules } = await trace(...COMMANDS[command](URLS[engine]));
    // Exit code 1: the database could not be reached, so the command got as far as connecting.
    expect(code).toBe(1);
    const [own, other] = engine === 'mysql' ? [MYSQL_DRIVER, PG_DRIVER] : [PG_DRIVER, MYSQL_DRIVER];
    expect(loads(modules, own)).not.toEqual([]);
    expect(loads(modules, other)).toEqual([]);
  });
});

describe("Node's compile cache", () => {
  it('a cache directory that cannot be made leaves the cache off, and the CLI answers as before', async () => {
    // A path below a file: no directory can be made there, whoever runs the test.
    const env = { ...process.env, NODE_COMPILE_CACHE: `${fileURLToPath(import.meta.url)}/cache` };
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'build', '--budget', 'nope'], { env }, (error, _stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stderr }),
      );
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^note-context: invalid input: --focus: required/);
    expect(stderr.split('\n')).toHaveLength(2);
  });
});
