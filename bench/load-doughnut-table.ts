// Loads a fixture into a MySQL/MariaDB database as Doughnut holds it: Doughnut's own `note`
// table (bench/doughnut-note-ddl.ts), the columns note-context does not read filled as a
// Doughnut database has them (creation and update times, creator, level).
import type { Pool } from 'mysql2/promise';
import type { Fixture, NoteData } from '../src/store/memory/fixture.js';
import { DOUGHNUT_NOTE_DDL } from './doughnut-note-ddl.js';

const BATCH = 2_000;
const CREATED = new Date('2025-06-01T00:00:00Z').getTime();
const COLUMNS = ['id', 'topic_constructor', 'description', 'parent_id', 'target_note_id', 'sibling_order', 'notebook_id', 'deleted_at', 'created_at', 'updated_at', 'creator_id', 'level'];

/** Creates the table with Doughnut's DDL, inserts every note in batches, then refreshes the index statistics (as a live database has them). */
export async function loadDoughnutTable(pool: Pool, fixture: Fixture): Promise<void> {
  await pool.query(DOUGHNUT_NOTE_DDL);
  for (let start = 0; start < fixture.notes.length; start += BATCH) {
    const rows = fixture.notes.slice(start, start + BATCH).map(rowOf);
    await pool.query(`INSERT INTO note (${COLUMNS.join(', ')}) VALUES ?`, [rows]);
  }
  await pool.query('ANALYZE TABLE note');
}

function rowOf(note: NoteData): unknown[] {
  // Notes were made over the months before the snapshot, in id order; each edited once since.
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
