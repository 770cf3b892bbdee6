import { sql, type Kysely } from 'kysely';
import { ValidationError } from '../../errors.js';
import type { Fixture, NoteData } from '../memory/fixture.js';
import { NOTE_TABLE_DDL, RECOMMENDED_INDEX_DDL } from './note-ddl.js';
import type { NoteDatabase } from './note-table.js';

export interface LoadOptions {
  /** Notes per INSERT statement (default 1,000). */
  readonly batchSize?: number;
  /** Also create the recommended (parent_id, sibling_order, id) index (default true). */
  readonly recommendedIndex?: boolean;
  /** Called after each batch with the notes loaded so far. */
  readonly onProgress?: (loaded: number, total: number) => void;
}

const MAX_TITLE = 512;
// A TIMESTAMP cannot hold every date a fixture may write; only "deleted or not" matters.
const FALLBACK_DELETED_AT = new Date('2000-01-01T00:00:00Z');

/**
 * Loads a fixture into the `note` table (created if missing), in batches, inside one transaction:
 * a fixture that fails half way leaves nothing behind.
 */
export async function loadFixture(db: Kysely<NoteDatabase>, fixture: Fixture, options: LoadOptions = {}): Promise<void> {
  const batchSize = options.batchSize ?? 1_000;
  fixture.notes.forEach(checkFitsTable);
  await sql.raw(NOTE_TABLE_DDL).execute(db);
  if (options.recommendedIndex ?? true) await ensureRecommendedIndex(db);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < fixture.notes.length; start += batchSize) {
      const batch = fixture.notes.slice(start, start + batchSize);
      await trx.insertInto('note').values(batch.map(rowOf)).execute();
      options.onProgress?.(start + batch.length, fixture.notes.length);
    }
  });
}

async function ensureRecommendedIndex(db: Kysely<NoteDatabase>): Promise<void> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.statistics
    WHERE table_schema = DATABASE() AND table_name = 'note' AND index_name = 'idx_note_parent_sibling_order'`.execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) await sql.raw(RECOMMENDED_INDEX_DDL).execute(db);
}

function checkFitsTable(note: NoteData, index: number): void {
  if ([...note.title].length > MAX_TITLE) {
    throw new ValidationError(`notes[${index}].title`, `longer than the note table's ${MAX_TITLE} characters`);
  }
  if (!Number.isSafeInteger(note.siblingOrder)) {
    throw new ValidationError(`notes[${index}].siblingOrder`, `the note table holds whole numbers only, got ${note.siblingOrder}`);
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
