// Loads a fixture into a PostgreSQL database as Doughnut would hold it there: Doughnut's `note`
// table translated column for column (bench/doughnut-note-ddl-postgres.ts), the columns
// note-context does not read filled as bench/load-doughnut-table.ts fills them on MySQL.
import type pg from 'pg';
import type { Fixture, NoteData } from '../src/store/memory/fixture.js';
import { DOUGHNUT_NOTE_DDL_POSTGRES } from './doughnut-note-ddl-postgres.js';

const BATCH = 2_000;
const CREATED = new Date('2025-06-01T00:00:00Z').getTime();
const COLUMNS = ['id', 'topic_constructor', 'description', 'parent_id', 'target_note_id', 'sibling_order', 'notebook_id', 'deleted_at', 'created_at', 'updated_at', 'creator_id', 'level'];

/** Creates the table and Doughnut's indexes, inserts every note in batches, then refreshes the statistics. */
export async function loadDoughnutTablePostgres(pool: pg.Pool, fixture: Fixture): Promise<void> {
  for (const statement of DOUGHNUT_NOTE_DDL_POSTGRES) await pool.query(statement);
  for (let start = 0; start < fixture.notes.length; start += BATCH) {
    const rows = fixture.notes.slice(start, start + BATCH).map(rowOf);
    const placeholders = rows.map((row, r) => `(${row.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`);
    await pool.query(`INSERT INTO note (${COLUMNS.join(', ')}) VALUES ${placeholders.join(', ')}`, rows.flat());
  }
  await pool.query('ANALYZE note');
}

function rowOf(note: NoteData): unknown[] {
  const created = new Date(CREATED + note.id * 60_000);
  return [
    note.id,
    note.title,
    note.details ?? null,
    note.parentId ?? null,
    note.objectId ?? null,
    note.siblingOrder,
    note.notebookId,
    note.deletedAt === undefined ? null : new Date(note.deletedAt),
    created,
    new Date(created.getTime() + 3_600_000),
    1 + (note.notebookId % 7),
    0,
  ];
}
