import { z } from 'zod';
import { TOKENIZER_NAMES } from './budget/tokenizer.js';
import { OUTPUT_FORMATS } from './result/render.js';
import { ValidationError } from './errors.js';

/** A note id, or its uri `/n{id}`. */
export const NoteRefSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^(\/n)?[1-9][0-9]*$/, 'expected a note id or a uri like /n42')
    .transform((text) => Number(text.replace(/^\/n/, '')))
    .refine(Number.isSafeInteger, 'note id too large'),
]);

export const BuildOptionsSchema = z.strictObject({
  /** The note to build context for: an id or `/n{id}`. */
  focus: NoteRefSchema,
  /** Tokens for related notes; the focus note's own cost is not taken from it. */
  budget: z.number().int('expected an integer ≥ 0').min(0, 'expected an integer ≥ 0').max(Number.MAX_SAFE_INTEGER),
  tokenizer: z.enum(TOKENIZER_NAMES).default('o200k'),
  /** Related notes' details are cut to this many code points, then `...` is appended. */
  truncate: z.number().int('expected an integer ≥ 0').min(0, 'expected an integer ≥ 0').default(1000),
  /** When given, only notes of these notebooks exist for the build. */
  readableNotebooks: z.array(z.number().int().positive()).optional(),
  /**
   * Notes an earlier page already returned (ids or uris). They count as already in the result:
   * never returned again, yet still leading on to their neighbours, so pages cover everything.
   */
  exclude: z.array(NoteRefSchema).default([]),
  /** The output the build is priced for (spec section 5): `json` (default) or `prompt`. */
  format: z.enum(OUTPUT_FORMATS).default('json'),
});

/** Options as a caller writes them. */
export type BuildOptions = z.input<typeof BuildOptionsSchema>;
/** Options with defaults applied. */
export type ResolvedBuildOptions = z.output<typeof BuildOptionsSchema>;

/** Validates options before anything is read; a problem is a `ValidationError` naming the field. */
export function resolveBuildOptions(options: unknown): ResolvedBuildOptions {
  const parsed = BuildOptionsSchema.safeParse(options);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}
