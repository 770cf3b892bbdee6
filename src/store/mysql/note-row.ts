import { z } from 'zod';
import type { NoteRecord } from '../../model/note-record.js';

// Drivers may hand BIGINT and DECIMAL back as strings (mysql2's supportBigNumbers); accept both.
const int = z.coerce.number().int();
const optionalInt = z.union([z.null(), int]);

/** One row of a batch query: a note with its visible parent and object already joined. */
export const NoteRowSchema = z.object({
  /** Index of the request the row answers; -1 for notes read by id, -2 for ancestors. */
  req: int,
  /** For ancestors, the note whose chain this row is on. */
  anchor: optionalInt,
  /** In a page read with a `SizeFilter`: notes left out just before this row. */
  left_out_before: optionalInt,
  /** In a page read with a `SizeFilter`: 1 when the row was left out (the page's last row). */
  left_out: optionalInt,
  id: int,
  title: z.string().nullable(),
  details: z.string().nullable(),
  sibling_order: int,
  notebook_id: int,
  parent_id: optionalInt,
  parent_title: z.string().nullable(),
  object_id: optionalInt,
  object_title: z.string().nullable(),
});

export type NoteRow = z.infer<typeof NoteRowSchema>;

export function recordOfRow(row: NoteRow): NoteRecord {
  return {
    id: row.id,
    title: row.title ?? '',
    ...(row.details ? { details: row.details } : {}),
    ...(row.parent_id !== null && { parent: { id: row.parent_id, title: row.parent_title ?? '' } }),
    ...(row.object_id !== null && { object: { id: row.object_id, title: row.object_title ?? '' } }),
    siblingOrder: row.sibling_order,
    notebookId: row.notebook_id,
    ...(row.left_out_before !== null && { leftOutBefore: row.left_out_before }),
    ...(row.left_out === 1 && { leftOut: true }),
  };
}
