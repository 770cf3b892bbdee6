import { Command, CommanderError } from 'commander';
import { buildContext } from '../build-context.js';
import { NoteNotFound, ValidationError } from '../errors.js';
import { render, type OutputFormat } from '../result/render.js';
import type { TokenizerName } from '../budget/tokenizer.js';
import { isMysqlUrl, openStore } from './open-store.js';
import { loadIntoMysql } from './load-into-mysql.js';
import { readFixtureFile } from '../store/memory/fixture.js';
import { parseMysqlUrl } from '../store/mysql/mysql-note-store.js';
import { NOTE_TABLE_DDL, RECOMMENDED_INDEX_DDL } from '../store/mysql/note-ddl.js';
import { parseFormat, parseIdList, parseNoteRef, parseTokenizer, parseWholeNumber } from './parse-flags.js';

/** Exit codes of spec section 7. */
export const EXIT = { done: 0, failed: 1, invalidInput: 2, notFound: 3 } as const;

interface BuildFlags {
  db?: string;
  focus: string;
  budget: string;
  tokenizer: string;
  truncate: string;
  readableNotebooks?: string;
  format: string;
  exclude?: string;
  report?: boolean;
}

/** Runs the CLI; resolves to the exit code. Output goes to the given streams. */
export async function main(
  argv: readonly string[],
  out: (text: string) => void = (text) => process.stdout.write(text),
  err: (text: string) => void = (text) => process.stderr.write(text),
): Promise<number> {
  let exitCode: number = EXIT.done;
  const program = new Command('note-context')
    .description('Builds the context an AI assistant needs about one note, within a token budget.')
    .exitOverride()
    .configureOutput({ writeOut: out, writeErr: () => {} });

  program
    .command('build')
    .description('build the context of one focus note and print it on stdout')
    .option('--db <fixture.json|mysql://user:pass@host:port/db>', 'where the notes are (default: the sample notebook)')
    .requiredOption('--focus <id|/nID>', 'the focus note')
    .requiredOption('--budget <n>', 'tokens for related notes (the focus note is not charged)')
    .option('--tokenizer <name>', 'o200k | cl100k | estimate | one-per-note', 'o200k')
    .option('--truncate <n>', 'related notes\' details are cut to this many code points', '1000')
    .option('--readable-notebooks <ids>', 'comma-separated notebook ids the viewer may read')
    .option('--format <format>', 'json | prompt', 'json')
    .option('--exclude <uris>', 'comma-separated notes an earlier page returned (ids or /nID)')
    .option('--report', 'also print the budget report as JSON on stderr')
    .action(async (flags: BuildFlags) => {
      exitCode = await runBuild(flags, out, err);
    });

  program
    .command('load')
    .description('load a fixture JSON file into a MySQL database (creates the note table if missing)')
    .requiredOption('--db <mysql://user:pass@host:port/db>', 'the database to load into')
    .option('--batch <n>', 'notes per INSERT', '1000')
    .argument('<fixture.json>', 'the fixture to load')
    .action(async (fixturePath: string, flags: { db: string; batch: string }) => {
      exitCode = await runLoad(fixturePath, flags, err);
    });

  program
    .command('schema')
    .description("print the DDL of Doughnut's note table as note-context reads it, and the recommended index")
    .option('--json-schema', 'print the JSON Schemas of the build options, the result and the report instead')
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
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.done;
      if (error.code === 'commander.help') {
        // No command given: show what there is, and say the call was incomplete.
        err(program.helpInformation());
        return EXIT.invalidInput;
      }
      err(`note-context: ${error.message.replace(/^error: /, '').split('\n')[0]}\n`);
      return EXIT.invalidInput;
    }
    throw error;
  }
}

async function runBuild(flags: BuildFlags, out: (text: string) => void, err: (text: string) => void): Promise<number> {
  let opened: Awaited<ReturnType<typeof openStore>> | undefined;
  try {
    // Every flag is checked before anything is read (spec section 6).
    const options = {
      focus: parseNoteRef('--focus', flags.focus),
      budget: parseWholeNumber('--budget', flags.budget),
      tokenizer: parseTokenizer(flags.tokenizer) satisfies TokenizerName,
      truncate: parseWholeNumber('--truncate', flags.truncate),
      ...(flags.readableNotebooks !== undefined && {
        readableNotebooks: parseIdList('--readable-notebooks', flags.readableNotebooks),
      }),
      ...(flags.exclude !== undefined && { exclude: parseIdList('--exclude', flags.exclude) }),
    };
    const format: OutputFormat = parseFormat(flags.format);
    opened = await openStore(flags.db);
    const { result, report } = await buildContext(opened.store, options);
    out(`${render(result, format)}${format === 'json' ? '\n' : ''}`);
    if (flags.report) err(`${JSON.stringify(report)}\n`);
    return EXIT.done;
  } catch (error) {
    return exitFor(error, err);
  } finally {
    await opened?.close();
  }
}

async function runLoad(fixturePath: string, flags: { db: string; batch: string }, err: (text: string) => void): Promise<number> {
  try {
    if (!isMysqlUrl(flags.db)) throw new ValidationError('--db', `expected a mysql:// URL, got "${flags.db}"`);
    const batchSize = parseWholeNumber('--batch', flags.batch);
    if (batchSize === 0) throw new ValidationError('--batch', 'expected an integer ≥ 1');
    parseMysqlUrl(flags.db);
    const fixture = await readFixtureFile(fixturePath);
    await loadIntoMysql(flags.db, fixture, batchSize);
    err(`note-context: loaded ${fixture.notes.length} notes\n`);
    return EXIT.done;
  } catch (error) {
    return exitFor(error, err);
  }
}

/** The exit code of spec section 7 for an error, with its one line on stderr. */
function exitFor(error: unknown, err: (text: string) => void): number {
  if (error instanceof ValidationError) {
    err(`note-context: invalid input: ${error.message}\n`);
    return EXIT.invalidInput;
  }
  if (error instanceof NoteNotFound) {
    err(`note-context: note ${error.noteId} not found\n`);
    return EXIT.notFound;
  }
  err(`note-context: ${oneLine(error)}\n`);
  return EXIT.failed;
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] || 'unexpected error';
}
