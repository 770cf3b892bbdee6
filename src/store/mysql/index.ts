// The `note-context/mysql` entry, apart from the root so that only a host reading MySQL loads mysql2 and kysely.
export { MysqlNoteStore, MysqlStoreOptionsSchema, type MysqlStoreOptions } from './mysql-note-store.js';
export type { MysqlPooledConnection, MysqlReadPool } from './mysql-pool-source.js';
export { FIND_NOTES_INDEX_DDL, NOTE_TABLE_DDL, RECOMMENDED_INDEX_DDL } from './note-table-ddl.js';
export { loadFixture } from './load-fixture.js';
export type { LoadOptions } from './load-options.js';
