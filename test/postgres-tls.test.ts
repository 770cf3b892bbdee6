// TLS to PostgreSQL is asked for in the URL's query string, in pg's own terms (`sslmode`, `ssl`,
// `sslrootcert`…); a server that cannot speak TLS is refused, never read in clear text, whatever
// the mode says. This machine's PostgreSQL has TLS off, which is the case to refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { runCli } from '../src/cli/run-cli.js';
import { StoreUnavailable } from '../src/note-context-error.js';
import { sampleNotebookPath } from '../src/sample-notebook-path.js';
import { readFixtureFile } from '../src/store/memory/fixture.js';
import { loadFixture } from '../src/store/mysql/load-fixture.js';
import { PostgresNoteStore } from '../src/store/postgres/postgres-note-store.js';
import { parsePostgresUrl } from '../src/store/postgres/parse-postgres-url.js';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './support/postgres-test-database.js';

const REFUSED = 'cannot reach the database: The server does not support SSL connections';

describe('TLS settings in a postgres:// URL', () => {
  it('keeps them: every mode but disable asks for TLS, and pg’s aliases of verify-full pass without a warning on stderr', () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const base = 'postgres://u:s3cret@db.example:5433/notes';
      expect(parsePostgresUrl(base).ssl).toBeUndefined();
      for (const mode of ['prefer', 'require', 'verify-ca', 'verify-full']) expect(parsePostgresUrl(`${base}?sslmode=${mode}`).ssl, mode).toEqual({});
      expect(parsePostgresUrl(`${base}?ssl=true`).ssl).toBe(true);
      expect(parsePostgresUrl(`${base}?sslmode=no-verify`).ssl).toEqual({ rejectUnauthorized: false });
      expect(parsePostgresUrl(`${base}?sslmode=disable`).ssl).toBe(false);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});

describe('TLS asked of a PostgreSQL server without it', () => {
  let database: PostgresTestDatabase;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    await loadFixture(database.db, await readFixtureFile(sampleNotebookPath));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('the store refuses to read or search, for every mode that asks for TLS: StoreUnavailable, no clear-text fallback; without TLS the same URL reads', async () => {
    const plain = PostgresNoteStore.fromUrl(database.url);
    try {
      expect((await buildContext(plain, { focus: 19, budget: 10 })).result.focusNote.uriAndTitle).toBe('[Energy](/n19)');
    } finally {
      await plain.destroy();
    }
    for (const query of ['sslmode=require', 'sslmode=prefer', 'sslmode=no-verify', 'uselibpqcompat=true&sslmode=prefer', 'ssl=true']) {
      const tls = PostgresNoteStore.fromUrl(`${database.url}?${query}`);
      try {
        const failed = await buildContext(tls, { focus: 19, budget: 10 }).catch((error: unknown) => error);
        expect(failed, query).toBeInstanceOf(StoreUnavailable);
        expect((failed as Error).message, query).toBe(REFUSED);
        const search = await tls.findNotes('Ener', { limit: 1 }).catch((error: unknown) => error);
        expect((search as Error).message, query).toBe(REFUSED);
      } finally {
        await tls.destroy();
      }
    }
  });

  it('the CLI says so in one line and exits 1', async () => {
    let stderr = '';
    const code = await runCli(['build', '--db', `${database.url}?sslmode=require`, '--focus', '19', '--budget', '10'], () => {}, (text) => (stderr += text));
    expect(code).toBe(1);
    expect(stderr).toBe(`note-context: ${REFUSED}\n`);
  });
});
