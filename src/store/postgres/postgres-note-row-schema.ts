import * as z from 'zod';
import { exactOrder, noteColumnsSchema } from '../sql/sql-note-row.js';

// pg gives INT as a number and BIGINT as text: a host's table may use either for ids.
const id = z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int());

/** A PostgreSQL batch row (see `SqlNoteRow`), ordered by `pos` within its request. */
export const PostgresNoteRowSchema = z.object({
  req: z.number().int(),
  anchor: z.union([z.null(), id]),
  pos: z.number().int(),
  left_out_before: z.number().int().nullable(),
  left_out: z.boolean().nullable(),
  // The sibling order as text, so a BIGINT is never rounded on the way.
  ...noteColumnsSchema(id, z.string().regex(/^-?[0-9]+$/).nullable().transform((order) => (order === null ? null : exactOrder(BigInt(order))))),
});
