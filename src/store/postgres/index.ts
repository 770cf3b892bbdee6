// The `note-context/postgres` entry, apart from the root so that only a host reading PostgreSQL loads pg and kysely.
export { PostgresNoteStore, PostgresStoreOptionsSchema, type PostgresStoreOptions } from './postgres-note-store.js';
export type { PostgresPooledClient, PostgresReadPool } from './postgres-pool-source.js';
export { LINKS_INDEX_DDL_POSTGRES } from './links-index-ddl-postgres.js';
// One loader for both engines (it tells them apart by the Kysely instance's adapter); it loads no driver.
export { loadFixture } from '../mysql/load-fixture.js';
export type { LoadOptions } from '../mysql/load-options.js';
