import { Command, CommanderError, Option } from 'commander';
import type { BuildOptionsText } from '../build-options.js';
import { validated, ValidationError } from '../note-context-error.js';
import { BUILD_OPTION_DEFAULTS, LOAD_OPTION_DEFAULTS } from '../build-option-defaults.js';
import { DEFAULT_MAX_BUILDS, DEFAULT_QUEUE, DEFAULT_QUEUE_WAIT_MS, MAX_SERVICE_TIMEOUT_MS } from '../host/build-slots.js';
import { exitFor } from '../host/service-error.js';
import { packageVersion } from '../host/package-version.js';
import { isMysqlUrl, MYSQL_URL_FORM } from '../store/mysql/parse-mysql-url.js';
import { isPostgresUrl, POSTGRES_URL_FORM } from '../store/postgres/postgres-url-form.js';
import { NOTE_TABLE_DDL, RECOMMENDED_INDEX_DDL } from '../store/mysql/note-table-ddl.js';
import { messageLine } from '../host/message-line.js';
import type { OpenedStore } from '../host/open-store.js';

// Start-up time: only what parses flags and prints help is imported here; the rest, by the command that needs it.

/** The commands that run until stopped. */
export const SERVICES: ReadonlySet<string> = new Set(['mcp', 'serve']);

/** Exit codes of spec section 7. */
export const EXIT = { done: 0, failed: 1, invalidInput: 2, notFound: 3 } as const;

type Write = (text: string) => void;

type BuildFlags = Omit<BuildOptionsText, 'links'> & StoreFlags & { readonly report?: boolean; readonly links?: boolean };

type StoreFlags = { readonly [K in 'db' | 'table' | 'columns']?: string };

const DB_FORMS = `fixture.json|${MYSQL_URL_FORM}|${POSTGRES_URL_FORM}`;

/** `readableNotebooks` is `--readable-notebooks`, or `NOTE_CONTEXT_READABLE_NOTEBOOKS` (`envOf`). */
const flagOf = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

export const envOf = (long: string) => `NOTE_CONTEXT_${long.replace(/^--/, '').replace(/-/g, '_').toUpperCase()}`;

function flag(flags: string, description: string, defaultValue?: string): Option {
  return new Option(flags, description).env(envOf(flags.split(' ')[0]!)).default(defaultValue);
}

/** Commander turns a switch on whenever its variable is set, `NOTE_CONTEXT_COMPRESS=false` included: read its words instead. */
function switchesFromEnv(command: Command): void {
  for (const option of command.options) {
    const key = option.attributeName();
    if (!option.isBoolean() || !option.envVar || command.getOptionValueSource(key) !== 'env') continue;
    const text = (process.env[option.envVar] ?? '').trim();
    if (/^(1|true|yes|on)$/i.test(text)) continue;
    if (!/^(0|false|no|off|)$/i.test(text)) {
      const problem = `${option.envVar}: expected true or false (1/0, yes/no, on/off), got ${JSON.stringify(text)}`;
      command.error(`invalid input: ${problem}`, { code: 'note-context.switchFromEnv', exitCode: EXIT.invalidInput });
    }
    command.setOptionValueWithSource(key, undefined, 'env');
  }
}

function storeFlags(command: Command, db = flag(`--db <${DB_FORMS}>`, 'where the notes are (default: the sample notebook)')): Command {
  return command
    .addOption(db)
    .addOption(flag('--table <name>', "the notes table, for a database URL (default: Doughnut's note; schema.table allowed)"))
    .addOption(flag('--columns <field=column,…>', "the table's own column names, e.g. title=name,details=body (fields: id, title, details, parentId, objectId, siblingOrder, notebookId, deletedAt)"));
}

/** How messages name a setting: the flag, or the environment variable it came from. */
type FieldOf = (key: string) => string;

function fieldsOf(command: Command): FieldOf {
  return (key) => (command.getOptionValueSource(key) === 'env' ? envOf(flagOf(key)) : flagOf(key));
}

/** Runs the CLI; resolves to the exit code. Output goes to the given streams. */
export async function runCli(argv: readonly string[], out: Write = (text) => process.stdout.write(text), writeErr: Write = (text) => process.stderr.write(text)): Promise<number> {
  // Every message is one line with no password in it, whatever it quotes.
  const err: Write = (text) => writeErr(messageLine(text));
  let exitCode: number = EXIT.done;
  const program = new Command('note-context')
    .description('Builds the context an AI assistant needs about one note, within a token budget.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: out, writeErr: () => {} })
    .hook('preAction', (_program, command) => switchesFromEnv(command));

  // No defaults and no "required" here: the options schema has them, and says what is missing.
  storeFlags(program.command('build').description('build the context of a focus note (or several) and print it on stdout'))
    .addOption(flag('--focus <id|/nID>[,…]', 'the focus note (required); several, comma-separated, give one context for all of them'))
    .addOption(flag('--budget <n>', 'tokens for related notes, an integer ≥ 0; the focus note is not charged (required)'))
    .addOption(flag('--tokenizer <name>', `o200k | cl100k | estimate | one-per-note (default: ${BUILD_OPTION_DEFAULTS.tokenizer})`))
    .addOption(flag('--truncate <n>', `related notes' details are cut to this many code points (default: ${BUILD_OPTION_DEFAULTS.truncate})`))
    .addOption(flag('--readable-notebooks <ids>', 'comma-separated notebook ids the viewer may read (default: all)'))
    .addOption(flag('--format <format>', `json | prompt: what is printed and what the budget is priced for (default: ${BUILD_OPTION_DEFAULTS.format})`))
    .addOption(flag('--relations <names>', 'comma-separated relations the build may use, e.g. Parent,Child (default: the sixteen of the note tree)'))
    .addOption(flag('--links', 'also follow [[wiki links]] in the details: LinkedNote, LinkingNote and LinkedNoteLink join the relations'))
    .addOption(flag('--fit <skip|shorten>', `a note over what is left: skip it, or shorten its details to fit (default: ${BUILD_OPTION_DEFAULTS.fit})`))
    .addOption(flag('--exclude <uris>', 'comma-separated notes an earlier page returned (ids or /nID)'))
    .addOption(flag('--timeout-ms <n>', `longest the build may take (default: ${BUILD_OPTION_DEFAULTS.timeoutMs})`))
    .addOption(flag('--report', 'also print the budget report as JSON on stderr, with its ledger of every piece added'))
    .action(async (flags: BuildFlags, command: Command) => {
      exitCode = await runBuild(flags, fieldsOf(command), out, err, writeErr);
    });

  storeFlags(
    program.command('load').description('load a fixture JSON file into a MySQL or PostgreSQL database (creates the notes table if missing)'),
    flag(`--db <${MYSQL_URL_FORM}|${POSTGRES_URL_FORM}>`, 'the database to load into (required)'),
  )
    .addOption(flag('--batch <n>', `notes per INSERT (default: ${LOAD_OPTION_DEFAULTS.batchSize})`))
    .argument('<fixture.json>', 'the fixture to load')
    .action(async (fixturePath: string, flags, command: Command) => {
      exitCode = await runLoad(fixturePath, flags, fieldsOf(command), err);
    });

  program
    .command('schema')
    .description("print the DDL of Doughnut's note table as note-context reads it, and the recommended index")
    .addOption(flag('--json-schema', 'print the JSON Schemas of the build options, the results (one focus, several foci) and the report instead'))
    .action(async (flags: { jsonSchema?: boolean }) => {
      if (flags.jsonSchema) return out(`${JSON.stringify((await import('../json-schemas.js')).jsonSchemas, null, 2)}\n`);
      out(`${NOTE_TABLE_DDL.trim()};\n\n-- Recommended, not required:\n${RECOMMENDED_INDEX_DDL};\n`);
    });

  // Services load their SDK or framework only when started, so `build` stays quick to start.
  const serviceFlags = (command: Command, what: string) =>
    storeFlags(command)
      .addOption(flag('--readable-notebooks <ids>', `notebook ids ${what} may read (default: all)`))
      .addOption(flag('--max-builds <n>', 'builds and searches at once; more wait in the queue', String(DEFAULT_MAX_BUILDS)))
      .addOption(flag('--queue <n>', 'calls that may wait for a free slot; more are refused as busy', String(DEFAULT_QUEUE)))
      .addOption(flag('--queue-wait-ms <n>', 'longest a call waits for a free slot before it is refused as busy', String(DEFAULT_QUEUE_WAIT_MS)))
      .addOption(flag('--timeout-ms <n>', `longest ${what === 'the tools' ? 'a tool call' : 'a request'} may take, waiting included (at most ${MAX_SERVICE_TIMEOUT_MS})`, '10000'));

  serviceFlags(program.command('mcp'), 'the tools')
    .description('serve get_note_context and find_notes to an MCP client over stdio, or over Streamable HTTP with --http')
    .addOption(flag('--http', 'serve the Streamable HTTP transport on --host and --port instead of stdio'))
    .addOption(flag('--port <n>', 'TCP port for --http (0: any free port)', '8080'))
    .addOption(flag('--host <address>', 'address --http listens on', '127.0.0.1'))
    .addOption(flag('--token <secret>', 'with --http: require Authorization: Bearer <secret>'))
    .action(async (flags, command: Command) => {
      exitCode = await (await import('../mcp/run-mcp-command.js')).runMcpCommand(flags, fieldsOf(command), err);
    });

  serviceFlags(program.command('serve'), 'any request')
    .description('serve the HTTP API (for a backend, never for end users directly)')
    .addOption(flag('--port <n>', 'TCP port (0: any free port; default: PORT, else 8080)'))
    .addOption(flag('--host <address>', 'address to listen on', '127.0.0.1'))
    .addOption(flag('--token <secret>', 'require Authorization: Bearer <secret>'))
    .addOption(flag('--cors <origins>', 'allow browsers from these comma-separated origins (or *) to call the API'))
    .addOption(flag('--compress', 'compress answers (br, gzip, deflate) for clients that accept it'))
    .addOption(flag('--public-metrics', 'answer GET /metrics without the token'))
    .addOption(flag('--log-level <level>', 'request log (JSON lines on stdout): fatal, error, warn, info, debug, trace or silent', 'info'))
    .action(async (flags, command: Command) => {
      exitCode = await (await import('../http/run-serve-command.js')).runServeCommand(flags, fieldsOf(command), err);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.done;
    if (error.code === 'commander.help') {
      const names = program.commands.map((command) => command.name());
      err(`note-context: expected a command: ${names.slice(0, -1).join(', ')} or ${names.at(-1)} (see note-context --help)`);
    } else {
      // Commander's suggestion goes on the same line; any other line break is the user's, escaped.
      err(`note-context: ${error.message.replace(/^error: /, '').replace(/\n\(Did you mean/, ' (Did you mean')}`);
    }
    return EXIT.invalidInput;
  }
}

async function runBuild(flags: BuildFlags, fieldOf: FieldOf, out: Write, err: Write, writeErr: Write): Promise<number> {
  let opened: OpenedStore | undefined;
  try {
    // Every flag is checked before anything is read (spec section 6), by the library's own schema.
    const { db, report, table, columns, links, ...text } = flags;
    const { BuildOptionsTextSchema } = await import('../build-options.js');
    const options = validated(BuildOptionsTextSchema, { ...text, ...(links && { links: 'true' }) }, 'options', (path) => fieldOf(String(path[0])));
    const [{ openStore }, { buildContext }, { render }] = await Promise.all([
      import('../host/open-store.js'), import('../build-context.js'), import('../result/render.js'),
    ]);
    opened = await openStore(db, { table, columns, fieldOf });
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

async function runLoad(fixturePath: string, flags: StoreFlags & { readonly batch?: string }, fieldOf: FieldOf, err: Write): Promise<number> {
  try {
    const databases = `a mysql:// URL (${MYSQL_URL_FORM}) or a postgres:// URL (${POSTGRES_URL_FORM})`;
    if (flags.db === undefined) throw new ValidationError(fieldOf('db'), `required, expected ${databases}`);
    if (!isMysqlUrl(flags.db) && !isPostgresUrl(flags.db)) throw new ValidationError(fieldOf('db'), `expected ${databases}`);
    const { checkedTableNames } = await import('../host/open-store.js');
    const names = await checkedTableNames(flags.db, { ...flags, fieldOf });
    const [{ numberFromText }, { LoadOptionsSchema }] = await Promise.all([import('../build-options.js'), import('../store/mysql/load-options.js')]);
    const batchSize = validated(LoadOptionsSchema.shape.batchSize, numberFromText(flags.batch), fieldOf('batch'));
    const [{ readFixtureFile }, { loadIntoDatabase }] = await Promise.all([import('../store/memory/fixture.js'), import('./load-into-database.js')]);
    const fixture = await readFixtureFile(fixturePath);
    await loadIntoDatabase(flags.db, fixture, batchSize, names, fieldOf('db'));
    err(`note-context: loaded ${fixture.notes.length} notes`);
    return EXIT.done;
  } catch (error) {
    return exitFor(error, err);
  }
}
