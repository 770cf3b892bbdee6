import { Command, CommanderError } from 'commander';
import type { BuildOptionsText } from '../build-options.js';
import { ValidationError } from '../errors.js';
import { BUILD_OPTION_DEFAULTS, LOAD_OPTION_DEFAULTS } from '../option-defaults.js';
import { firstLineOf, serviceErrorOf } from '../service/service-error.js';
import { isMysqlUrl, MYSQL_URL_FORM, parseMysqlUrl } from '../store/mysql/mysql-url.js';
import { NOTE_TABLE_DDL, RECOMMENDED_INDEX_DDL } from '../store/mysql/note-ddl.js';
import { messageLine } from './message-line.js';
import type { OpenedStore } from './open-store.js';

// Start-up time: what the command line needs to parse its flags and print its help is imported
// here. The options' schemas (zod) are imported by the command that checks them; the build (the
// library, the stores, the tokenizers), the loader and the services by the command that runs them,
// after its flags are checked. `--help` loads none of it; a flag error, the schemas only.

/** Exit codes of spec section 7. */
export const EXIT = { done: 0, failed: 1, invalidInput: 2, notFound: 3 } as const;

type Write = (text: string) => void;

interface BuildFlags extends BuildOptionsText {
  readonly db?: string;
  readonly report?: boolean;
}

/** `readableNotebooks` is `--readable-notebooks` on the command line. */
const flagOf = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** Runs the CLI; resolves to the exit code. Output goes to the given streams. */
export async function main(
  argv: readonly string[],
  out: Write = (text) => process.stdout.write(text),
  writeErr: Write = (text) => process.stderr.write(text),
): Promise<number> {
  // Every message is one line with no password in it, whatever it quotes.
  const err: Write = (text) => writeErr(messageLine(text));
  let exitCode: number = EXIT.done;
  const program = new Command('note-context')
    .description('Builds the context an AI assistant needs about one note, within a token budget.')
    .exitOverride()
    .configureOutput({ writeOut: out, writeErr: () => {} });

  // No defaults and no "required" here: the options schema has them, and says what is missing.
  program
    .command('build')
    .description('build the context of a focus note (or several) and print it on stdout')
    .option(`--db <fixture.json|${MYSQL_URL_FORM}>`, 'where the notes are (default: the sample notebook)')
    .option('--focus <id|/nID>[,…]', 'the focus note (required); several, comma-separated, give one context for all of them')
    .option('--budget <n>', 'tokens for related notes, an integer ≥ 0; the focus note is not charged (required)')
    .option('--tokenizer <name>', `o200k | cl100k | estimate | one-per-note (default: ${BUILD_OPTION_DEFAULTS.tokenizer})`)
    .option('--truncate <n>', `related notes' details are cut to this many code points (default: ${BUILD_OPTION_DEFAULTS.truncate})`)
    .option('--readable-notebooks <ids>', 'comma-separated notebook ids the viewer may read (default: all)')
    .option('--format <format>', `json | prompt: what is printed and what the budget is priced for (default: ${BUILD_OPTION_DEFAULTS.format})`)
    .option('--relations <names>', 'comma-separated relations the build may use, e.g. Parent,Child (default: all sixteen)')
    .option('--fit <skip|shorten>', `a note over what is left: skip it, or shorten its details to fit (default: ${BUILD_OPTION_DEFAULTS.fit})`)
    .option('--exclude <uris>', 'comma-separated notes an earlier page returned (ids or /nID)')
    .option('--report', 'also print the budget report as JSON on stderr, with its ledger of every piece added')
    .action(async (flags: BuildFlags) => {
      exitCode = await runBuild(flags, out, err, writeErr);
    });

  program
    .command('load')
    .description('load a fixture JSON file into a MySQL database (creates the note table if missing)')
    .requiredOption(`--db <${MYSQL_URL_FORM}>`, 'the database to load into')
    .option('--batch <n>', `notes per INSERT (default: ${LOAD_OPTION_DEFAULTS.batchSize})`)
    .argument('<fixture.json>', 'the fixture to load')
    .action(async (fixturePath: string, flags: { db: string; batch?: string }) => {
      exitCode = await runLoad(fixturePath, flags, err);
    });

  program
    .command('schema')
    .description("print the DDL of Doughnut's note table as note-context reads it, and the recommended index")
    .option('--json-schema', 'print the JSON Schemas of the build options, the results (one focus, several foci) and the report instead')
    .action(async (flags: { jsonSchema?: boolean }) => {
      if (flags.jsonSchema) return out(`${JSON.stringify((await import('../json-schemas.js')).jsonSchemas, null, 2)}\n`);
      out(`${NOTE_TABLE_DDL.trim()};\n\n-- Recommended, not required:\n${RECOMMENDED_INDEX_DDL};\n`);
    });

  // Services load their SDK or framework only when started, so `build` stays quick to start.
  program
    .command('mcp')
    .description('serve get_note_context and find_notes to an MCP client over stdio')
    .option('--db <fixture.json|mysql://user:pass@host:port/db>', 'where the notes are (default: NOTE_CONTEXT_DB, else the sample notebook)')
    .option('--readable-notebooks <ids>', 'notebook ids the tools may read (default: NOTE_CONTEXT_READABLE_NOTEBOOKS, else all)')
    .option('--timeout-ms <n>', 'longest a tool call may take', '10000')
    .action(async (flags) => {
      exitCode = await (await import('../mcp/run-mcp-command.js')).runMcpCommand(flags, err);
    });

  program
    .command('serve')
    .description('serve the HTTP API (for a backend, never for end users directly)')
    .option('--db <fixture.json|mysql://user:pass@host:port/db>', 'where the notes are (default: NOTE_CONTEXT_DB, else the sample notebook)')
    .option('--port <n>', 'TCP port (0: any free port)', '8080')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--token <secret>', 'require Authorization: Bearer <secret> (default: NOTE_CONTEXT_TOKEN)')
    .option('--readable-notebooks <ids>', 'notebook ids any request may read (default: NOTE_CONTEXT_READABLE_NOTEBOOKS, else all)')
    .option('--max-builds <n>', 'builds and searches at once; more are answered 503 with Retry-After', '8')
    .option('--timeout-ms <n>', 'longest a request may take before it is answered 503', '10000')
    .action(async (flags) => {
      exitCode = await (await import('../http/run-serve-command.js')).runServeCommand(flags, err);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.done;
    if (error.code === 'commander.help') {
      err('note-context: expected a command: build, load or schema (see note-context --help)');
    } else {
      // Commander's suggestion goes on the same line; any other line break is the user's, escaped.
      err(`note-context: ${error.message.replace(/^error: /, '').replace(/\n\(Did you mean/, ' (Did you mean')}`);
    }
    return EXIT.invalidInput;
  }
}

async function runBuild(flags: BuildFlags, out: Write, err: Write, writeErr: Write): Promise<number> {
  let opened: OpenedStore | undefined;
  try {
    // Every flag is checked before anything is read (spec section 6), by the library's own schema.
    const { db, report, ...text } = flags;
    const { resolveBuildOptionsText } = await import('../build-options.js');
    const options = resolveBuildOptionsText(text, flagOf);
    const [{ openStore }, { buildContext }, { render }] = await Promise.all([
      import('./open-store.js'),
      import('../build-context.js'),
      import('../result/render.js'),
    ]);
    opened = await openStore(db);
    const outcome = await buildContext(opened.store, options);
    out(`${render(outcome.result, options.format)}${options.format === 'json' ? '\n' : ''}`);
    // The report is data, not a message: one line of JSON as it is.
    if (report) writeErr(`${JSON.stringify(outcome.report)}\n`);
    return EXIT.done;
  } catch (error) {
    return exitFor(error, err);
  } finally {
    await opened?.close();
  }
}

async function runLoad(fixturePath: string, flags: { db: string; batch?: string }, err: Write): Promise<number> {
  try {
    if (!isMysqlUrl(flags.db)) throw new ValidationError('--db', `expected a mysql:// URL (${MYSQL_URL_FORM})`);
    parseMysqlUrl(flags.db, '--db');
    // `--batch` as text, checked by the same field as `loadFixture`'s `batchSize`.
    const [{ z }, { numberFromText }, { LoadOptionsSchema }] = await Promise.all([import('zod'), import('../build-options.js'), import('../store/mysql/load-options.js')]);
    const batch = z.preprocess(numberFromText, LoadOptionsSchema.shape.batchSize).safeParse(flags.batch);
    if (!batch.success) throw ValidationError.fromZod(batch.error, '--batch');
    const [{ readFixtureFile }, { loadIntoMysql }] = await Promise.all([import('../store/memory/fixture.js'), import('./load-into-mysql.js')]);
    const fixture = await readFixtureFile(fixturePath);
    await loadIntoMysql(flags.db, fixture, batch.data);
    err(`note-context: loaded ${fixture.notes.length} notes`);
    return EXIT.done;
  } catch (error) {
    return exitFor(error, err);
  }
}

/**
 * The exit code of spec section 7 for an error, with its one line on stderr: the services'
 * mapping, except that an unexpected failure shows its own first line to the local user.
 */
function exitFor(error: unknown, err: Write): number {
  const mapped = serviceErrorOf(error);
  err(`note-context: ${mapped.code === 'internal' ? firstLineOf(error) : mapped.message}`);
  return mapped.exitCode;
}
