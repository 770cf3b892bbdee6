import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { validated, ValidationError } from '../../note-context-error.js';
import type { Fixture, NoteData } from '../memory/fixture.js';
import { LoadOptionsSchema, type LoadOptions } from './load-options.js';
import { NOTE_TABLE_DDL, RECOMMENDED_INDEX_DDL } from './note-table-ddl.js';
import type { NoteDatabase } from './note-table.js';
import { createNoteTableStatements } from '../sql/create-note-table-statements.js';
import { isDoughnutTable, NOTE_FIELDS, resolveNoteTable, type NoteField, type NoteTableNames, type ResolvedNoteTable } from '../sql/note-table-names.js';

// What the columns of NOTE_TABLE_DDL hold.
const MAX_INT = 2_147_483_647;
const MAX_TITLE = 512;
const MAX_MEDIUMTEXT_BYTES = 16_777_215;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// A TIMESTAMP cannot hold every date a fixture may write; only "deleted or not" matters.
const FALLBACK_DELETED_AT = new Date('2000-01-01T00:00:00Z');

/**
 * Loads a fixture into the table (created if missing) in one transaction, on MySQL/MariaDB or PostgreSQL; a note the table
 * would refuse, cut or change is a `ValidationError` naming it (`notes[3].id`) before anything is written.
 */
export async function loadFixture(db: Kysely<NoteDatabase>, fixture: Fixture, options: LoadOptions = {}, names?: NoteTableNames) {
  const { batchSize, recommendedIndex } = validated(LoadOptionsSchema, options, 'options');
  const table = resolveNoteTable(names);
  fixture.notes.forEach(checkFitsTable);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) fixture.notes.forEach(checkFitsPostgres);
  if (postgres || !isDoughnutTable(table)) {
    for (const statement of createNoteTableStatements(postgres ? 'postgres' : 'mysql', table, recommendedIndex && postgres)) await statement.execute(db);
  } else await sql.raw(NOTE_TABLE_DDL).execute(db);
  if (recommendedIndex && !postgres) await ensureRecommendedIndex(db, table);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < fixture.notes.length; start += batchSize) {
      const batch = fixture.notes.slice(start, start + batchSize);
      await trx.insertInto(table.table as 'note').values(batch.map((note) => rowOf(note, table))).execute();
      options.onProgress?.(start + batch.length, fixture.notes.length);
    }
  });
  // Fresh index statistics: planned on the empty table's, pages took the wrong index (139 ms against 9 ms).
  await (postgres ? sql`ANALYZE ${sql.table(table.table)}` : sql`ANALYZE TABLE ${sql.table(table.table)}`).execute(db);
}

async function ensureRecommendedIndex(db: Kysely<NoteDatabase>, table: ResolvedNoteTable): Promise<void> {
  const doughnut = isDoughnutTable(table);
  const [schema, name] = table.table.includes('.') ? table.table.split('.') : [undefined, table.table];
  const index = doughnut ? 'idx_note_parent_sibling_order' : `${name}_parent_sibling_order`;
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.statistics
    WHERE table_schema = ${schema ?? sql`DATABASE()`} AND table_name = ${name} AND index_name = ${index}`.execute(db);
  if (Number(rows[0]?.n ?? 0) > 0) return;
  if (doughnut) await sql.raw(RECOMMENDED_INDEX_DDL).execute(db);
  else for (const statement of createNoteTableStatements('mysql', table, true).slice(1)) await statement.execute(db);
}

/** Throws a `ValidationError` naming the field when the note table cannot hold a note as it is. */
function checkFitsTable(note: NoteData, index: number): void {
  const invalid = (field: string, problem: string) => new ValidationError(`notes[${index}].${field}`, problem);
  for (const field of ['id', 'parentId', 'objectId', 'notebookId'] as const) {
    const value = note[field];
    if (value !== undefined && value > MAX_INT) throw invalid(field, `above the note table's INT range (${MAX_INT}), got ${value}`);
  }
  if (!Number.isInteger(note.siblingOrder)) throw invalid('siblingOrder', `the note table holds whole numbers only, got ${note.siblingOrder}`);
  if (!Number.isSafeInteger(note.siblingOrder)) {
    throw invalid('siblingOrder', `outside the safe integer range (±${Number.MAX_SAFE_INTEGER}), got ${note.siblingOrder}`);
  }
  for (const field of ['title', 'details'] as const) {
    const lone = LONE_SURROGATE.exec(note[field] ?? '')?.[0];
    if (lone !== undefined) throw invalid(field, `contains a lone surrogate (U+${lone.charCodeAt(0).toString(16).toUpperCase()}), which MySQL cannot store`);
  }
  const titleLength = [...note.title].length;
  if (titleLength > MAX_TITLE) throw invalid('title', `longer than the note table's ${MAX_TITLE} characters, got ${titleLength}`);
  const detailsBytes = Buffer.byteLength(note.details ?? '', 'utf8');
  if (detailsBytes > MAX_MEDIUMTEXT_BYTES) {
    throw invalid('details', `longer than the note table's MEDIUMTEXT (${MAX_MEDIUMTEXT_BYTES} bytes of UTF-8), got ${detailsBytes} bytes`);
  }
}

/** PostgreSQL's text holds every character but NUL. */
function checkFitsPostgres(note: NoteData, index: number): void {
  for (const field of ['title', 'details'] as const) {
    if (note[field]?.includes('\0')) throw new ValidationError(`notes[${index}].${field}`, 'contains a NUL character (U+0000), which PostgreSQL cannot store');
  }
}

function rowOf(note: NoteData, table: ResolvedNoteTable) {
  const deletedAt = note.deletedAt === undefined ? null : new Date(note.deletedAt);
  const values: Record<NoteField, unknown> = {
    id: note.id, title: note.title, details: note.details ?? null, parentId: note.parentId ?? null, objectId: note.objectId ?? null,
    siblingOrder: note.siblingOrder, notebookId: note.notebookId,
    deletedAt: deletedAt && (Number.isNaN(deletedAt.getTime()) || deletedAt.getTime() < 1000 * 86400 ? FALLBACK_DELETED_AT : deletedAt),
  };
  return Object.fromEntries(NOTE_FIELDS.map((field) => [table.columns[field], values[field]])) as never;
}
