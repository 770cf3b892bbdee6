// TLS to the database is asked for in the URL's query string, in mysql2's own terms; a server
// that cannot speak TLS is refused, never read in clear text. This machine's MariaDB has TLS
// disabled, which is the case to refuse.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { runCli } from '../src/cli/run-cli.js';
import { StoreUnavailable, ValidationError } from '../src/note-context-error.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { MysqlNoteStore } from '../src/store/mysql/mysql-note-store.js';
import { parseMysqlUrl } from '../src/store/mysql/parse-mysql-url.js';
import { createTestDatabase, type TestDatabase } from './support/mysql-test-database.js';

const dir = mkdtempSync(join(tmpdir(), 'note-context-tls-'));
const ca = join(dir, 'ca.pem');
writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nnot a real one\n-----END CERTIFICATE-----\n');

const refusal = (url: string) => {
  try {
    parseMysqlUrl(url, '--db');
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a ValidationError');
};

describe('TLS settings in a mysql:// URL', () => {
  it('keeps the query string: ssl=required, mysql2 ssl JSON or profile, PEM files', () => {
    const base = 'mysql://u:s3cret@db.example:3307/notes';
    expect(parseMysqlUrl(base)).not.toHaveProperty('ssl');
    expect(parseMysqlUrl(`${base}?ssl=required`).ssl).toEqual({});
    expect(parseMysqlUrl(`${base}?ssl=${encodeURIComponent('{"rejectUnauthorized":true,"minVersion":"TLSv1.2"}')}`).ssl).toEqual({
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    });
    expect(parseMysqlUrl(`${base}?ssl=Amazon%20RDS`).ssl).toBe('Amazon RDS');
    expect(parseMysqlUrl(`${base}?sslca=${encodeURIComponent(ca)}`).ssl).toEqual({ ca: expect.stringContaining('BEGIN CERTIFICATE') });
  });

  it('refuses, in one line without the password, what it would otherwise drop or downgrade', () => {
    const base = 'mysql://u:s3cret@db.example/notes';
    const cases: [string, string][] = [
      [`${base}?sslmode=require`, '--db: unknown URL parameter "sslmode" (expected ssl, sslca, sslcert, sslkey)'],
      [`${base}?multipleStatements=true`, '--db: unknown URL parameter "multipleStatements" (expected ssl, sslca, sslcert, sslkey)'],
      [`${base}?ssl=false`, '--db: ssl: leave the parameter out for a connection without TLS'],
      [`${base}?ssl={nope`, '--db: ssl: expected required, a mysql2 profile name or a JSON object of TLS options'],
      [`${base}?sslca=${encodeURIComponent(join(dir, 'missing.pem'))}`, `--db: sslca: cannot read ${join(dir, 'missing.pem')} (ENOENT)`],
    ];
    for (const [url, message] of cases) {
      const text = refusal(url);
      expect(text).toBe(message);
      expect(text).not.toContain('s3cret');
    }
  });
});

describe('TLS asked of a server without it', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadFixture(database.db, await readFixtureFile(sampleNotebookPath));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('the store refuses to read: StoreUnavailable, no clear-text fallback; without TLS the same URL reads', async () => {
    const plain = MysqlNoteStore.fromUrl(database.url);
    const tls = MysqlNoteStore.fromUrl(`${database.url}?ssl=required`);
    try {
      expect((await buildContext(plain, { focus: 19, budget: 10 })).result.focusNote.uriAndTitle).toBe('[Energy](/n19)');
      const failed = await buildContext(tls, { focus: 19, budget: 10 }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(StoreUnavailable);
      expect((failed as Error).message).toBe('cannot reach the database: Server does not support secure connection');
    } finally {
      await plain.destroy();
      await tls.destroy();
    }
  });

  it('the CLI says so in one line and exits 1', async () => {
    let stderr = '';
    const code = await runCli(['build', '--db', `${database.url}?ssl=required`, '--focus', '19', '--budget', '10'], () => {}, (text) => (stderr += text));
    expect(code).toBe(1);
    expect(stderr).toBe('note-context: cannot reach the database: Server does not support secure connection\n');
  });
});
