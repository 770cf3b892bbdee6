import * as z from 'zod';
import { StoreUnavailable } from '../../note-context-error.js';
import { exactOrder, noteColumnsSchema } from '../sql/sql-note-row.js';

// Drivers may hand BIGINT and DECIMAL back as strings (mysql2's supportBigNumbers); accept both.
const int = z.coerce.number().int();
const optionalInt = z.union([z.null(), int]);
/** A BIGINT `sibling_order`, exact (see `exactOrder`); mysql2 hands an unsafe one as a string. */
const siblingOrder = z.union([
  z.null(),
  z.bigint().transform(exactOrder),
  z.number().refine(Number.isSafeInteger, 'expected a whole number within ±(2^53 − 1), or a string of digits').transform(exactOrder),
  z.string().regex(/^-?[0-9]+$/, 'expected a string of digits').transform((text) => exactOrder(BigInt(text))),
]);

/** A MySQL batch row (see `SqlNoteRow`). */
export const NoteRowSchema = z.object({
  req: int, anchor: optionalInt, left_out_before: optionalInt, left_out: optionalInt, ...noteColumnsSchema(int, siblingOrder),
});

export type NoteRow = z.infer<typeof NoteRowSchema>;

/** A row checked against {@link NoteRowSchema} at a fraction of zod's cost (one of the right types is taken as it is), else a `StoreUnavailable` naming the column. */
export function parseNoteRow(row: unknown): NoteRow {
  if (hasRowTypes(row)) return row;
  const parsed = NoteRowSchema.safeParse(row);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const where = issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'unexpected row';
  throw new StoreUnavailable(`a note row could not be read (${where}); a mysql2 pool needs supportBigNumbers: true`, { cause: parsed.error });
}

function hasRowTypes(row: unknown): row is NoteRow {
  if (typeof row !== 'object' || row === null) return false;
  const r = row as Record<keyof NoteRow, unknown>;
  return (
    Number.isSafeInteger(r.req) && Number.isSafeInteger(r.id) && isOptionalInt(r.sibling_order) && Number.isSafeInteger(r.notebook_id) &&
    isOptionalInt(r.anchor) && isOptionalInt(r.left_out_before) && isOptionalInt(r.left_out) && isOptionalInt(r.parent_id) && isOptionalInt(r.object_id) &&
    isOptionalText(r.title) && isOptionalText(r.details) && isOptionalText(r.parent_title) && isOptionalText(r.object_title)
  );
}

const isOptionalInt = (value: unknown) => value === null || Number.isSafeInteger(value);
const isOptionalText = (value: unknown) => value === null || typeof value === 'string';
