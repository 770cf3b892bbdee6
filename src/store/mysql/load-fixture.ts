import { sql, type Kysely } from 'kysely';
import { ValidationError } from '../../errors.js';
import type { Fixture, NoteData } from '../memory/fixture.js';
import { LoadOptionsSchema, type LoadOptions } from './load-options.js';
import { NOTE_TABLE_DDL, RECOMMENDED_INDEX_DDL } from './note-ddl.js';
import type { NoteDatabase } from './note-table.js';

// What the columns of NOTE_TABLE_DDL hold.
const MAX_INT = 2_147_483_647;
const MAX_TITLE = 512;
const MAX_MEDIUMTEXT_BYTES = 16_777_215;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// A TIMESTAMP cannot hold every date a fixture may write; only "deleted or not" matters.
const FALLBACK_DELETED_AT = new Date('2000-01-01T00:00:00Z');

/**
 * Loads a fixture into the `note` table (created if missing), in batches, inside one transaction.
 * Every note is checked against the column types first: a note MySQL would refuse, cut or
 * silently change is a `ValidationError` naming it (`notes[3].id`), and nothing is written.
 * A fixture that fails half way (a duplicate key, say) leaves nothing behind either.
 */
export async function loadFixture(db: Kysely<NoteDatabase>, fixture: Fixture, options: LoadOptions = {}): Promise<void> {
  const parsed = LoadOptionsSchema.safeParse({ batchSize: options.batchSize, recommendedIndex: options.recommendedIndex });
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'options');
  const { batchSize, recommendedIndex } = parsed.data;
  fixture.notes.forEach(checkFitsTable);
  await sql.raw(NOTE_TABLE_DDL).execute(db);
  if (recommendedIndex) await ensureRecommendedIndex(db);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < fixture.notes.length; start += batchSize) {
      const batch = fixture.notes.slice(start, start + batchSize);
      await trx.insertInto('note').values(batch.map(rowOf)).execute();
      options.onProgress?.(start + batch.length, fixture.notes.length);
    }
  });
  // Fresh index statistics, as a live database has: planned on the empty table's, the page
  // queries of a bulk-loaded notebook took the wrong index (benchmark: 139 ms against 9 ms).
  await sql`ANALYZE TABLE note`.execute(db);
}

async function ensureRecommendedIndex(db: Kysely<NoteDatabase>): Promise<void> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.statistics
    WHERE table_schema = DATABASE() AND table_name = 'note' AND index_name = 'idx_note_parent_sibling_order'`.execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) await sql.raw(RECOMMENDED_INDEX_DDL).execute(db);
}

/** Throws a `ValidationError` naming the field when the note table cannot hold a note as it is. */
export function checkFitsTable(note: NoteData, index: number): void {
  const invalid = (field: string, problem: string) => new ValidationError(`notes[${index}].${field}`, problem);
  for (const field of ['id', 'parentId', 'objectId', 'notebookId'] as const) {
    const value = note[field];
    if (value !== undefined && value > MAX_INT) throw invalid(field, `above the note table's INT range (${MAX_INT}), got ${value}`);
  }
  if (!Number.isInteger(note.siblingOrder)) {
    throw invalid('siblingOrder', `the note table holds whole numbers only, got ${note.siblingOrder}`);
  }
  if (!Number.isSafeInteger(note.siblingOrder)) {
    throw invalid('siblingOrder', `outside the safe integer range (±${Number.MAX_SAFE_INTEGER}), got ${note.siblingOrder}`);
  }
  for (const field of ['title', 'details'] as const) {
    const lone = LONE_SURROGATE.exec(note[field] ?? '')?.[0];
    if (lone !== undefined) {
      const code = lone.charCodeAt(0).toString(16).toUpperCase();
      throw invalid(field, `contains a lone surrogate (U+${code}), which MySQL cannot store`);
    }
  }
  const titleLength = [...note.title].length;
  if (titleLength > MAX_TITLE) throw invalid('title', `longer than the note table's ${MAX_TITLE} characters, got ${titleLength}`);
  const detailsBytes = Buffer.byteLength(note.details ?? '', 'utf8');
  if (detailsBytes > MAX_MEDIUMTEXT_BYTES) {
    throw invalid('details', `longer than the note table's MEDIUMTEXT (${MAX_MEDIUMTEXT_BYTES} bytes of UTF-8), got ${detailsBytes} bytes`);
  }
}

function rowOf(note: NoteData) {
  const deletedAt = note.deletedAt === undefined ? null : new Date(note.deletedAt);
  return {
    id: note.id,
    topic_constructor: note.title,
    description: note.details ?? null,
    parent_id: note.parentId ?? null,
    target_note_id: note.objectId ?? null,
    sibling_order: note.siblingOrder,
    notebook_id: note.notebookId,
    deleted_at: deletedAt && (Number.isNaN(deletedAt.getTime()) || deletedAt.getTime() < 1000 * 86400 ? FALLBACK_DELETED_AT : deletedAt),
  };
}
