import { z } from 'zod';
import { TOKENIZER_NAMES } from '../budget/tokenizer.js';
import { RELATIONS } from '../relationships/relation.js';
import { OUTPUT_FORMATS } from '../result/render.js';

const count = z.number().int().nonnegative();

/** A candidate that section 4 skipped because it cost more than what was left. */
export const SkippedNoteSchema = z.strictObject({
  /** `/n{id}` of the note. */
  uri: z.string(),
  /** The relation it was offered by. */
  relation: z.enum(RELATIONS).exclude(['Self']),
  /** What it would have cost (note plus focus-list entry), in the build's tokenizer. */
  cost: count,
});

/** How many skipped candidates the report lists: the most relevant notes that did not fit. */
export const MAX_REPORTED_SKIPS = 10;

/** What a build spent and passed over (spec section 5), returned beside every result. */
export const BuildReportSchema = z.strictObject({
  tokenizer: z.enum(TOKENIZER_NAMES),
  /** The output format the build was priced for. */
  format: z.enum(OUTPUT_FORMATS),
  budget: count,
  /** Tokens the related notes and focus-list entries added to the output. */
  used: count,
  /** `budget − used`. */
  left: count,
  /** Tokens of the output before any related note was added. */
  focusCost: count,
  /** The first {@link MAX_REPORTED_SKIPS} candidates skipped for budget, in walk order. */
  skipped: z.array(SkippedNoteSchema).max(MAX_REPORTED_SKIPS),
  /** Candidates skipped for budget while the build ran, listed or not. */
  skippedCount: count,
  /** Candidates taken from relations while the build ran. */
  candidatesConsidered: count,
  /** Whether the build stopped before walking every candidate, once nothing more could change. */
  endedEarly: z.boolean(),
  /**
   * Database statements the build waited on or sent before it returned (on MySQL: the snapshot's
   * start, the reads, and the server's flavour on a store's first build; the rollback that ends
   * the snapshot is sent last and not waited on, so not counted); 0 in memory.
   */
  roundTrips: count,
});

export type SkippedNote = z.infer<typeof SkippedNoteSchema>;
export type BuildReport = Readonly<Omit<z.infer<typeof BuildReportSchema>, 'skipped'>> & { readonly skipped: readonly SkippedNote[] };
