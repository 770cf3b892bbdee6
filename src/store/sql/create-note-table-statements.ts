import { sql, type RawBuilder } from 'kysely';
import { NOTE_FIELDS, type NoteField, type ResolvedNoteTable } from './note-table-names.js';

/** Creates the notes table under `names` when missing, with Doughnut's DDL and indexes, and when asked the recommended index. */
export function createNoteTableStatements(engine: 'mysql' | 'postgres', names: ResolvedNoteTable, recommendedIndex: boolean): RawBuilder<unknown>[] {
  const id = (field: NoteField) => sql.id(names.columns[field]);
  const table = sql.table(names.table);
  const bare = names.table.split('.').at(-1)!;
  const index = (suffix: string) => sql.id(`${bare}_${suffix}`);
  const columns = sql.join(NOTE_FIELDS.map((field) => sql`${id(field)} ${sql.raw(COLUMN_TYPES[engine][field])}`), sql`,\n        `);
  const doughnutIndexes = [[index('parent'), id('parentId')], [index('target'), id('objectId')], [index('notebook'), id('notebookId')]] as const;
  if (engine === 'mysql') {
    return [
      sql`CREATE TABLE IF NOT EXISTS ${table} (
        ${columns},
        ${sql.join(doughnutIndexes.map(([name, column]) => sql`KEY ${name} (${column})`), sql`,\n        `)}
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
      ...(recommendedIndex
        ? [sql`CREATE INDEX ${index('parent_sibling_order')} ON ${table} (${id('parentId')}, ${id('siblingOrder')}, ${id('id')})`]
        : []),
    ];
  }
  return [
    sql`CREATE TABLE IF NOT EXISTS ${table} (
        ${columns}
    )`,
    ...doughnutIndexes.map(([name, column]) => sql`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${column})`),
    ...(recommendedIndex
      ? [sql`CREATE INDEX IF NOT EXISTS ${index('parent_sibling_order')} ON ${table} (${id('parentId')}, ${id('siblingOrder')} NULLS FIRST, ${id('id')})`]
      : []),
  ];
}

/** Each field's column type, on each engine, in the order of NOTE_FIELDS. */
const COLUMN_TYPES: Record<'mysql' | 'postgres', Record<NoteField, string>> = {
  mysql: {
    id: 'INT NOT NULL AUTO_INCREMENT PRIMARY KEY', title: 'VARCHAR(512) NULL', details: 'MEDIUMTEXT NULL', parentId: 'INT NULL', objectId: 'INT NULL',
    siblingOrder: 'BIGINT NOT NULL DEFAULT 0', notebookId: 'INT NOT NULL', deletedAt: 'TIMESTAMP NULL DEFAULT NULL',
  },
  postgres: {
    id: 'int NOT NULL PRIMARY KEY', title: 'varchar(512) NULL', details: 'text NULL', parentId: 'int NULL', objectId: 'int NULL',
    siblingOrder: 'bigint NOT NULL DEFAULT 0', notebookId: 'int NOT NULL', deletedAt: 'timestamp NULL DEFAULT NULL',
  },
};
