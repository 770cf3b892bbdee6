import * as z from 'zod';
import { TOKENIZER_NAMES } from '../budget/tokenizer.js';
import { RELATIONS } from '../relationships/relation.js';
import { OUTPUT_FORMATS } from '../result/render.js';

const count = z.number().int().nonnegative();

const URI = z.string().regex(/^\/n[1-9][0-9]*$/);
const RELATED = z.enum(RELATIONS).exclude(['Self']);

/**
 * A piece of the ledger (spec section 9) and what it was charged: a `note` is a related note (with its focus-list entry),
 * an `entry` a focus-list entry for a note already in the result.
 */
export const LedgerEntrySchema = z.strictObject({
  /** `/n{id}` of the note. */
  uri: URI,
  relation: RELATED,
  /** Tokens charged; the costs of the ledger add up to `used`. */
  cost: count,
  kind: z.enum(['note', 'entry']),
  /** For a note of a relation fed by reached notes: `/n{id}` of the anchor that offered it. */
  via: URI.optional(),
  /** Present (true) when the note was added with its details shortened to fit. */
  shortened: z.literal(true).optional(),
  /** When focus is a list: `/n{id}` of the focus the piece is for. */
  focus: URI.optional(),
});

/** A candidate that section 4 skipped because it cost more than what was left. */
export const SkippedNoteSchema = z.strictObject({
  /** `/n{id}` of the note. */
  uri: z.string(),
  /** The relation it was offered by. */
  relation: RELATED,
  /** What it would have cost (note plus focus-list entry), in the build's tokenizer. */
  cost: count,
  /** When focus is a list: `/n{id}` of the focus whose relation offered it. */
  focus: URI.optional(),
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
  /** The ledger: every piece the walk added to the output, in the order it was added. */
  added: z.array(LedgerEntrySchema),
  /** Candidates skipped for budget while the build ran, listed or not. */
  skippedCount: count,
  /** Candidates taken from relations while the build ran. */
  candidatesConsidered: count,
  /** Whether the build stopped before walking every candidate, once nothing more could change. */
  endedEarly: z.boolean(),
  /**
   * Database statements the build waited on or sent before it returned (on MySQL: the snapshot's start, the reads, the
   * server's flavour on a store's first build; not the closing rollback, never waited on); 0 in memory.
   */
  roundTrips: count,
});

export type SkippedNote = z.infer<typeof SkippedNoteSchema>;
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
export type BuildReport = Readonly<Omit<z.infer<typeof BuildReportSchema>, 'skipped' | 'added'>> & {
  readonly skipped: readonly SkippedNote[];
  readonly added: readonly LedgerEntry[];
};
