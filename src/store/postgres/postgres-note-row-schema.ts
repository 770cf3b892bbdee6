import * as z from 'zod';
import { exactOrder } from '../sql/sql-note-row.js';

// pg gives INT as a number and BIGINT as text: a host's table may use either for ids.
const id = z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int());
const optionalId = z.union([z.null(), id]);
const text = z.string().nullable();

/** A PostgreSQL batch row (see `SqlNoteRow`), ordered by `pos` within its request. */
export const PostgresNoteRowSchema = z.object({
  req: z.number().int(),
  anchor: optionalId,
  pos: z.number().int(),
  left_out_before: z.number().int().nullable(),
  left_out: z.boolean().nullable(),
  id,
  title: text,
  details: text,
  /** As text, so a BIGINT is never rounded on the way. */
  sibling_order: z.string().regex(/^-?[0-9]+$/).nullable().transform((order) => (order === null ? null : exactOrder(BigInt(order)))),
  notebook_id: id,
  parent_id: optionalId,
  parent_title: text,
  object_id: optionalId,
  object_title: text,
});
