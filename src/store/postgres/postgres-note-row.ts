import { z } from 'zod';
import type { SiblingOrder } from '../../model/note-record.js';
import type { FilteredRecord } from '../size-filter.js';

// pg gives INT as a number and BIGINT as text: a host's table may use either for ids.
const id = z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int());
const optionalId = z.union([z.null(), id]);
const text = z.string().nullable();

/** One row of a batch statement (sql/batch-statement.ts): a note with its visible parent and object joined. */
export const PostgresNoteRowSchema = z.object({
  req: z.number().int(),
  anchor: optionalId,
  pos: z.number().int(),
  /** In a page read with a size filter: notes left out just before this row. */
  left_out_before: z.number().int().nullable(),
  /** In a page read with a size filter: the row was left out (the page's last row). */
  left_out: z.boolean().nullable(),
  id,
  title: text,
  details: text,
  /** As text, so a BIGINT is never rounded on the way; NULL sorts before every number. */
  sibling_order: z.string().regex(/^-?[0-9]+$/).nullable(),
  notebook_id: id,
  parent_id: optionalId,
  parent_title: text,
  object_id: optionalId,
  object_title: text,
});

export type PostgresNoteRow = z.output<typeof PostgresNoteRowSchema>;

/**
 * The sibling order a record carries, exact: a number while it is safe, else a bigint; NULL stays
 * null (it sorts, and pages on, before every number, as in SQL and in `compareSiblingKeys`).
 */
export function siblingOrderOf(order: string | null): SiblingOrder {
  if (order === null) return null;
  const exact = BigInt(order);
  return exact >= Number.MIN_SAFE_INTEGER && exact <= Number.MAX_SAFE_INTEGER ? Number(exact) : exact;
}

/** The record of a row, its fields in the order the record type lists them. */
export function recordOfPostgresRow(row: PostgresNoteRow): FilteredRecord {
  const record = { id: row.id, title: row.title ?? '' } as { -readonly [K in keyof FilteredRecord]: FilteredRecord[K] };
  if (row.details) record.details = row.details;
  if (row.parent_id !== null) record.parent = { id: row.parent_id, title: row.parent_title ?? '' };
  if (row.object_id !== null) record.object = { id: row.object_id, title: row.object_title ?? '' };
  record.siblingOrder = siblingOrderOf(row.sibling_order);
  record.notebookId = row.notebook_id;
  if (row.left_out_before !== null) record.leftOutBefore = row.left_out_before;
  if (row.left_out === true) record.leftOut = true;
  return record;
}
