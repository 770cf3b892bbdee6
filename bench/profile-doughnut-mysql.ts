// npx tsx bench/profile-doughnut-mysql.ts [--builds 120] [--quick] [--port 3407]
//
// Where a build's time goes on Doughnut's own `note` table, seen from the server. Starts a
// scratch MariaDB of its own (mariadb-install-db into a fresh directory under /tmp, mariadbd on
// its own port and socket, bound to 127.0.0.1, the slow log on with long_query_time = 0), loads
// the hub-heavy notebook with Doughnut's DDL, runs warm-up builds then --builds builds over the
// benchmark's random foci (o200k, budget 2,000), and reads the slow log of the timed builds:
// statements, rows examined and server time per build, the statement shapes by server time, and
// for the top 3 an `ANALYZE FORMAT=JSON` of their slowest instance (MariaDB's EXPLAIN ANALYZE).
// With --index, the recommended index is added first, to profile that layout instead; with
// --plain, the store's index-aware pages are off (the store as it was before it had them).
// Writes bench/out/profile-doughnut-mysql.md (and the plans beside it); the server and its
// directory are removed at the end. Never touches the shared server.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool } from 'mysql2';
import { buildContext } from '../src/build-context.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { RECOMMENDED_INDEX_DDL } from '../src/store/mysql/note-table-ddl.js';
import { randomFoci } from './doughnut-schema.js';
import { generateHubHeavyNotebooks, HUB_HEAVY_FULL, HUB_HEAVY_QUICK } from './generate-hub-heavy-notebook.js';
import { loadDoughnutTable } from './load-doughnut-table.js';
import { markdownTable, ms } from './measure.js';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const BUILDS = Number(arg('builds', '120'));
const PORT = Number(arg('port', '3407'));
const WARM_UP = 30;
const withIndex = process.argv.includes('--index');
const plain = process.argv.includes('--plain');
/** Names this run's files apart from the other layouts'. */
const suffix = `${withIndex ? '-index' : ''}${plain ? '-plain' : ''}`;
const settings = process.argv.includes('--quick') ? HUB_HEAVY_QUICK : HUB_HEAVY_FULL;
const out = new URL('out/', import.meta.url);
mkdirSync(out, { recursive: true });

const directory = mkdtempSync(join(tmpdir(), 'note-context-profile-'));
const datadir = join(directory, 'data');
const socket = join(directory, 'mariadb.sock');
const slowLog = join(directory, 'slow.log');
execFileSync('mariadb-install-db', ['--no-defaults', `--datadir=${datadir}`, '--user=root', '--skip-test-db', '--auth-root-authentication-method=normal'], { stdio: 'ignore' });
const server = spawn(
  'mariadbd',
  [
    '--no-defaults',
    `--datadir=${datadir}`,
    `--port=${PORT}`,
    `--socket=${socket}`,
    '--bind-address=127.0.0.1',
    '--user=root',
    '--skip-grant-tables',
    '--innodb-buffer-pool-size=512M',
    '--slow-query-log=1',
    `--slow-query-log-file=${slowLog}`,
    '--long-query-time=0',
    '--log-slow-verbosity=query_plan',
    '--log-output=FILE',
  ],
  { stdio: 'ignore' },
);
const stopServer = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stopServer);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopServer();
    rmSync(directory, { recursive: true, force: true });
    process.exit(130);
  });
}

try {
  const pool = createPool({ socketPath: socket, user: 'root', connectionLimit: 2, charset: 'utf8mb4', supportBigNumbers: true });
  const admin = pool.promise();
  await waitForServer(admin);
  await admin.query('CREATE DATABASE profile CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
  pool.end();
  const dbPool = createPool({ socketPath: socket, user: 'root', database: 'profile', connectionLimit: 2, charset: 'utf8mb4', supportBigNumbers: true });
  const db = dbPool.promise();
  const generated = generateHubHeavyNotebooks(settings);
  await loadDoughnutTable(db, generated.fixture);
  if (withIndex) {
    await db.query(RECOMMENDED_INDEX_DDL);
    await db.query('ANALYZE TABLE note');
  }
  const foci = randomFoci(generated, WARM_UP + BUILDS, settings.seed);
  const store = MysqlNoteStore.fromPool(dbPool, { indexAwarePages: !plain });
  for (const focus of foci.slice(0, WARM_UP)) await buildContext(store, { focus, budget: 2_000, tokenizer: 'o200k' });
  await store.idle();
  const from = statSync(slowLog).size;
  let trips = 0;
  const started = performance.now();
  for (const focus of foci.slice(WARM_UP)) trips += (await buildContext(store, { focus, budget: 2_000, tokenizer: 'o200k' })).report.roundTrips;
  const wall = performance.now() - started;
  await store.idle();
  const logged = readFileSync(slowLog).subarray(from).toString('utf8');
  const entries = parseSlowLog(logged).filter((entry) => entry.schema === 'profile');
  writeFileSync(new URL(`profile-doughnut-mysql${suffix}-slow.log`, out), logged);
  const report = await describe(entries, db, { builds: BUILDS, trips, wall });
  const name = `profile-doughnut-mysql${suffix}`;
  writeFileSync(new URL(`${name}.md`, out), report);
  console.log(report);
  console.log(`\nwritten to ${new URL(`${name}.md`, out).pathname}`);
  await db.end();
} finally {
  stopServer();
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(undefined)));
  rmSync(directory, { recursive: true, force: true });
}

interface SlowEntry {
  readonly schema: string;
  readonly seconds: number;
  readonly rowsExamined: number;
  readonly rowsSent: number;
  readonly tmpTables: number;
  readonly filesort: boolean;
  readonly statement: string;
}

/** The slow log's entries: a `# Query_time` header (and MariaDB's plan lines), then the statement. */
function parseSlowLog(text: string): SlowEntry[] {
  const entries: SlowEntry[] = [];
  for (const block of text.split(/^# Time: .*$/m).flatMap((part) => part.split(/(?=^# User@Host:)/m))) {
    const header = /# Query_time: ([\d.]+)\s+Lock_time: [\d.]+\s+Rows_sent: (\d+)\s+Rows_examined: (\d+)/.exec(block);
    if (!header) continue;
    const statement = block
      .split('\n')
      .filter((line) => !line.startsWith('#') && !/^SET timestamp=\d+;$/.test(line) && !/^use \w+;$/.test(line))
      .join('\n')
      .trim()
      .replace(/;$/, '');
    entries.push({
      schema: /Schema: (\S*)/.exec(block)?.[1] ?? '',
      seconds: Number(header[1]),
      rowsSent: Number(header[2]),
      rowsExamined: Number(header[3]),
      tmpTables: Number(/Tmp_tables: (\d+)/.exec(block)?.[1] ?? 0),
      filesort: /Filesort: Yes/.test(block),
      statement,
    });
  }
  return entries;
}

/** Which of the store's reads a statement is (see src/store/mysql/batch-query.ts). */
function kindOf(statement: string): string {
  const body = statement.replace(/^SET STATEMENT [\s\S]*? FOR /, '');
  if (/^(START TRANSACTION|ROLLBACK|COMMIT)/i.test(body)) return "the snapshot's start or end";
  if (/^WITH RECURSIVE/i.test(body)) return 'first read: focus, ancestors, first pages';
  if (/shown\.pos - shown\.previous/.test(body)) return 'pages with the size rule (window functions)';
  if (/^SELECT picked\./i.test(body)) return 'plain pages, notes by id';
  return 'other';
}

/** A statement's shape: literals out, so that the same read of different notes counts as one. */
function shapeOf(statement: string): string {
  return statement
    .replace(/^SET STATEMENT [\s\S]*? FOR /, '')
    .replace(/'(?:[^'\\]|\\.)*'/g, '?')
    .replace(/\b\d+\b/g, '?')
    .replace(/\?(?:\s*,\s*\?)+/g, '?…')
    .replace(/\s+/g, ' ')
    .trim();
}

async function describe(entries: SlowEntry[], db: ReturnType<ReturnType<typeof createPool>['promise']>, run: { builds: number; trips: number; wall: number }): Promise<string> {
  const shapes = new Map<string, { count: number; seconds: number; rows: number; tmp: number; filesorts: number; slowest: SlowEntry }>();
  for (const entry of entries) {
    const shape = shapeOf(entry.statement);
    const seen = shapes.get(shape);
    if (!seen) shapes.set(shape, { count: 1, seconds: entry.seconds, rows: entry.rowsExamined, tmp: entry.tmpTables, filesorts: entry.filesort ? 1 : 0, slowest: entry });
    else {
      seen.count++;
      seen.seconds += entry.seconds;
      seen.rows += entry.rowsExamined;
      seen.tmp += entry.tmpTables;
      seen.filesorts += entry.filesort ? 1 : 0;
      if (entry.seconds > seen.slowest.seconds) seen.slowest = entry;
    }
  }
  const reads = entries.filter((entry) => /^(SET STATEMENT|SELECT|WITH)/i.test(entry.statement));
  const total = (list: SlowEntry[], pick: (entry: SlowEntry) => number) => list.reduce((sum, entry) => sum + pick(entry), 0);
  const ranked = [...shapes.entries()].sort((a, b) => b[1].seconds - a[1].seconds);
  const kinds = new Map<string, { count: number; seconds: number; rows: number; tmp: number; filesorts: number }>();
  for (const entry of entries) {
    const kind = kindOf(entry.statement);
    const seen = kinds.get(kind) ?? { count: 0, seconds: 0, rows: 0, tmp: 0, filesorts: 0 };
    kinds.set(kind, { count: seen.count + 1, seconds: seen.seconds + entry.seconds, rows: seen.rows + entry.rowsExamined, tmp: seen.tmp + entry.tmpTables, filesorts: seen.filesorts + (entry.filesort ? 1 : 0) });
  }
  const plans: string[] = [];
  await db.query('SET SESSION max_recursive_iterations = 4294967295');
  for (const [index, [shape, seen]] of ranked.slice(0, 3).entries()) {
    const statement = seen.slowest.statement.replace(/^SET STATEMENT [\s\S]*? FOR /, '');
    let plan: string;
    try {
      const [rows] = (await db.query(`ANALYZE FORMAT=JSON ${statement}`)) as unknown as [Record<string, string>[]];
      plan = Object.values(rows[0] ?? {})[0] ?? '';
    } catch (error) {
      plan = `(not analysed: ${(error as Error).message})`;
    }
    const file = `profile-doughnut-mysql${suffix}-plan-${index + 1}.json`;
    writeFileSync(new URL(file, out), `${plan}\n`);
    plans.push(
      `### ${index + 1}. ${ms(seen.seconds * 1000)} ms of server time in ${seen.count} statements (${ms((seen.seconds * 1000) / run.builds)} ms per build), ` +
        `${Math.round(seen.rows / seen.count)} rows examined each, ${seen.filesorts} filesorts, ${seen.tmp} temporary tables\n\n` +
        `Shape: \`${shape.slice(0, 600)}${shape.length > 600 ? '…' : ''}\`\n\nPlan of its slowest instance (${ms(seen.slowest.seconds * 1000)} ms, ${seen.slowest.rowsExamined} rows examined), ANALYZE FORMAT=JSON: bench/out/${file}\n\n` +
        `${planDigest(plan)}`,
    );
  }
  return (
    `# Profile of the MySQL store on Doughnut's DDL${withIndex ? ' with the recommended index' : ''}\n\n` +
    `${run.builds} builds (o200k, budget 2,000, random foci of the hub-heavy notebook, ${WARM_UP} warm-up builds not counted) on a scratch MariaDB ` +
    `(${execFileSync('mariadbd', ['--version'], { encoding: 'utf8' }).trim()}), slow log with long_query_time = 0. Wall clock ${ms(run.wall / run.builds)} ms per build in process.\n\n` +
    markdownTable(
      ['per build', 'value'],
      [
        ['statements (all, the snapshot\'s start and end included)', (entries.length / run.builds).toFixed(1)],
        ['reads', (reads.length / run.builds).toFixed(1)],
        ['round trips (the builds\' reports)', (run.trips / run.builds).toFixed(1)],
        ['rows examined', (total(entries, (entry) => entry.rowsExamined) / run.builds).toFixed(0)],
        ['rows sent', (total(entries, (entry) => entry.rowsSent) / run.builds).toFixed(0)],
        ['server time, ms', ms((total(entries, (entry) => entry.seconds) * 1000) / run.builds)],
        ['filesorts', (entries.filter((entry) => entry.filesort).length / run.builds).toFixed(2)],
        ['temporary tables', (total(entries, (entry) => entry.tmpTables) / run.builds).toFixed(1)],
      ],
    ) +
    '\n\n## Statements by kind\n\n' +
    markdownTable(
      ['kind', 'per build', 'server ms per build', 'share', 'rows examined per build', 'filesorts per build', 'tmp tables per build'],
      [...kinds.entries()]
        .sort((a, b) => b[1].seconds - a[1].seconds)
        .map(([kind, seen]) => [
          kind,
          (seen.count / run.builds).toFixed(2),
          ms((seen.seconds * 1000) / run.builds),
          `${((100 * seen.seconds) / total(entries, (entry) => entry.seconds)).toFixed(0)}%`,
          (seen.rows / run.builds).toFixed(0),
          (seen.filesorts / run.builds).toFixed(2),
          (seen.tmp / run.builds).toFixed(1),
        ]),
    ) +
    '\n\n## Statement shapes by server time\n\n' +
    markdownTable(
      ['#', 'statements', 'server ms', 'share', 'rows examined each', 'filesorts', 'tmp tables', 'shape (start)'],
      ranked.slice(0, 8).map(([shape, seen], index) => [
        index + 1,
        seen.count,
        ms(seen.seconds * 1000),
        `${((100 * seen.seconds) / total(entries, (entry) => entry.seconds)).toFixed(0)}%`,
        Math.round(seen.rows / seen.count),
        seen.filesorts,
        seen.tmp,
        `\`${shape.slice(0, 140).replace(/\|/g, '\\|')}…\``,
      ]),
    ) +
    `\n\n## The top 3, with their plans\n\n${plans.join('\n\n')}\n`
  );
}

/**
 * Where a JSON plan spends its time: every table access and sort, with its own time (`r_total_time_ms`),
 * loops and rows read, slowest first.
 */
function planDigest(plan: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plan);
  } catch {
    return plan.slice(0, 400);
  }
  const steps: { time: number; line: string }[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    const table = record.table as Record<string, unknown> | undefined;
    if (table && typeof table === 'object') {
      // MariaDB gives a table access its own time as r_table_time_ms (reading) + r_other_time_ms (conditions).
      const time = Number(table.r_table_time_ms ?? table.r_total_time_ms ?? 0) + Number(table.r_other_time_ms ?? 0);
      const pages = (table.r_engine_stats as { pages_accessed?: number } | undefined)?.pages_accessed;
      steps.push({
        time,
        line:
          `table ${String(table.table_name)} ${String(table.access_type)}${table.key ? ` on index ${String(table.key)} (${String(table.used_key_parts ?? '')})` : ''}: ` +
          `loops ${String(table.r_loops)}, rows ${String(table.r_rows)} per loop${pages ? `, ${pages} pages` : ''}, ${time.toFixed(2)} ms` +
          `${table.attached_condition ? `, where ${String(table.attached_condition).slice(0, 160)}` : ''}`,
      });
    }
    const sort = record.filesort as Record<string, unknown> | undefined;
    if (sort && typeof sort === 'object') {
      steps.push({
        time: Number(sort.r_total_time_ms ?? 0),
        line: `filesort by ${String(sort.sort_key ?? '?')}: loops ${String(sort.r_loops)}, ${String(sort.r_output_rows ?? '?')} rows out, priority queue ${String(sort.r_used_priority_queue ?? '?')}, ${Number(sort.r_total_time_ms ?? 0).toFixed(2)} ms (the access under it included)`,
      });
    }
    Object.values(record).forEach(walk);
  };
  walk(parsed);
  const total = Number((parsed as { query_block?: { r_total_time_ms?: number } }).query_block?.r_total_time_ms ?? Number.NaN);
  const lines = steps.sort((a, b) => b.time - a.time).slice(0, 10).map((step) => step.line);
  return `${Number.isNaN(total) ? '' : `Total ${total.toFixed(1)} ms; `}the 10 slowest steps:\n\n\`\`\`\n${lines.join('\n')}\n\`\`\``;
}

async function waitForServer(admin: ReturnType<ReturnType<typeof createPool>['promise']>): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      await admin.query('SELECT 1');
      return;
    } catch (error) {
      if (server.exitCode !== null) throw new Error(`the scratch server exited (${server.exitCode})`);
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
