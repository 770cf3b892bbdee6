import * as z from 'zod';
import { expecting } from '../../note-context-error.js';
import { LOAD_OPTION_DEFAULTS } from '../../build-option-defaults.js';

const BATCH_SIZE = expecting('a positive integer');

/** `loadFixture`'s value options; apart from the loader, so the CLI checks `--batch` without loading kysely. */
export const LoadOptionsSchema = z.object({
  /** Notes per INSERT statement (default 1,000). */
  batchSize: z.int({ error: BATCH_SIZE }).positive({ error: BATCH_SIZE }).default(LOAD_OPTION_DEFAULTS.batchSize),
  /** Also create the recommended (parent_id, sibling_order, id) index (default true). */
  recommendedIndex: z.boolean({ error: expecting('true or false') }).default(LOAD_OPTION_DEFAULTS.recommendedIndex),
});

export type LoadOptions = Readonly<z.input<typeof LoadOptionsSchema>> & {
  /** Called after each batch with the notes loaded so far. */
  readonly onProgress?: (loaded: number, total: number) => void;
};
