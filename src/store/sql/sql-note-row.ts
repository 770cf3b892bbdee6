import * as z from 'zod';
import type { SiblingOrder } from '../../model/note-record.js';
import type { FilteredRecord } from '../size-filter.js';

// The `req` of rows that answer no one request: notes by id (details cut, or in full), ancestors (`anchor` the chain's
// start), notes that may link to the note `anchor` (details in full), its namesakes, and those of a batch's link targets.
export const NOTES_BY_ID = -1;
export const ANCESTOR_ROWS = -2;
export const FULL_NOTES_BY_ID = -3;
export const LINKING_CANDIDATES = -4;
export const LINKING_NAMESAKES = -5;
export const NAMESAKES_OF_KEYS = -6;

/** A batch statement's row (batch-statement.ts) as an engine's row schema reads it: the note's columns ({@link noteColumnsSchema}) and these. */
export type SqlNoteRow = Readonly<z.output<z.ZodObject<ReturnType<typeof noteColumnsSchema<z.ZodType<number>, z.ZodType<SiblingOrder>>>>>> & {
  /** The request the row answers: its index, or one of the row kinds above. */
  readonly req: number;
  /** For ancestors and links, the note the row was read for. */
  readonly anchor: number | null;
  /** In a page read with a size filter: notes left out just before this row. */
  readonly left_out_before: number | null;
  /** In a page read with a size filter: the row was left out (the page's last row); 1 or true. */
  readonly left_out: number | boolean | null;
};

/** The note's own columns of a batch row, as an engine's schema reads its ids and its `sibling_order`. */
export function noteColumnsSchema<I extends z.ZodType<number>, O extends z.ZodType<SiblingOrder>>(id: I, siblingOrder: O) {
  const optionalId = z.union([z.null(), id]);
  const text = z.string().nullable();
  const link = { parent_id: optionalId, parent_title: text, object_id: optionalId, object_title: text };
  return { id, title: text, details: text, sibling_order: siblingOrder, notebook_id: id, ...link };
}

/** A BIGINT sibling order, exact: a number while it is safe, else a bigint. */
export function exactOrder(value: number | bigint): number | bigint {
  return typeof value === 'bigint' && value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : value;
}

/** The record of a row; its fields are set one by one, in the order the record type lists them. */
export function recordOfRow(row: SqlNoteRow): FilteredRecord {
  const record = { id: row.id, title: row.title ?? '' } as { -readonly [K in keyof FilteredRecord]: FilteredRecord[K] };
  if (row.details) record.details = row.details;
  if (row.parent_id !== null) record.parent = { id: row.parent_id, title: row.parent_title ?? '' };
  if (row.object_id !== null) record.object = { id: row.object_id, title: row.object_title ?? '' };
  record.siblingOrder = row.sibling_order;
  record.notebookId = row.notebook_id;
  if (row.left_out_before !== null) record.leftOutBefore = row.left_out_before;
  if (row.left_out === 1 || row.left_out === true) record.leftOut = true;
  return record;
}
