import * as z from 'zod';

const LIMIT = 'expected an integer from 1 to 50';

/** A title search (`NoteFinder`). */
export const FindNotesRequestSchema = z.strictObject({
  query: z.string().trim().min(1, 'expected some text').max(200, 'expected at most 200 characters').describe('The start of a note title; case is ignored; % and _ are plain text.'),
  limit: z.number().int(LIMIT).min(1, LIMIT).max(50, LIMIT).default(10).describe('At most this many notes, 1 to 50. Default 10.'),
});
