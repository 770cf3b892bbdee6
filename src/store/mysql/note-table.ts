import type { ColumnType } from 'kysely';

/** Doughnut's `note` table, the columns note-context reads (spec section 8); others are ignored, none written. */
export interface NoteTable {
  id: number; topic_constructor: string | null; description: string | null; parent_id: number | null; target_note_id: number | null;
  sibling_order: number; notebook_id: number; deleted_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** A database with at least Doughnut's `note` table. */
export interface NoteDatabase { note: NoteTable; }
