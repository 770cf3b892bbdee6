import * as z from 'zod';
import { TOKENIZER_NAMES } from './budget/tokenizer-names.js';
import { expecting, validated } from './note-context-error.js';
import { BUILD_OPTION_DEFAULTS, MAX_TIMEOUT_MS } from './build-option-defaults.js';
import { RELATED_RELATIONS } from './relationships/relation.js';
import { FITS } from './result/fits.js';
import { OUTPUT_FORMATS } from './result/output-formats.js';

const NOTE_REF = expecting('a note id or a uri like /n42');

/** A note id, or its uri `/n{id}` (the id may also come as text, as on the command line). */
export const NoteRefSchema = z
  .union([z.int({ error: NOTE_REF }).positive({ error: NOTE_REF }), z.string({ error: NOTE_REF }).regex(/^(\/n)?[1-9][0-9]*$/, { error: NOTE_REF })], {
    error: NOTE_REF,
  })
  .transform((ref) => (typeof ref === 'number' ? ref : Number(ref.replace(/^\/n/, ''))))
  .pipe(z.int({ error: NOTE_REF }));

/** The most foci one build takes (spec section 9). */
export const MAX_FOCI = 10;
const FOCI = expecting(`a note id or a uri like /n42, or a list of 1 to ${MAX_FOCI} distinct ones`);

const FocusSchema = z.union([
  NoteRefSchema,
  z.array(NoteRefSchema, { error: FOCI }).min(1, { error: FOCI }).max(MAX_FOCI, { error: FOCI })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'expected distinct notes, got a repeated focus' }),
], { error: FOCI });

const RELATIONS_LIST = expecting(`a non-empty list of ${RELATED_RELATIONS.join(', ')}`);
const WHOLE = expecting('an integer ≥ 0');
const wholeNumber = () => z.int({ error: WHOLE }).min(0, { error: WHOLE });
const NOTEBOOK_ID = expecting('a notebook id (a positive integer)');
const POSITIVE_MS = expecting(`a positive integer (milliseconds) up to ${MAX_TIMEOUT_MS}`);

export const BuildOptionsSchema = z.strictObject(
  {
    /** The note to build context for, an id or `/n{id}` (a `GraphRAGResult`); or a list of 1 to 10 distinct ones (a `MultiFocusResult`). */
    focus: FocusSchema,
    /** Tokens for related notes; the focus note's own cost is not taken from it. */
    budget: wholeNumber(),
    /** How pieces are counted (default `o200k`). */
    tokenizer: z.enum(TOKENIZER_NAMES, { error: expecting(`one of ${TOKENIZER_NAMES.join(', ')}`) }).default(BUILD_OPTION_DEFAULTS.tokenizer),
    /** Related notes' details are cut to this many code points, then `...` is appended (default 1000). */
    truncate: wholeNumber().default(BUILD_OPTION_DEFAULTS.truncate),
    /** When given, only notes of these notebooks exist for the build. Plain ids, not uris. */
    readableNotebooks: z.array(z.int({ error: NOTEBOOK_ID }).positive({ error: NOTEBOOK_ID }), { error: expecting('a list of notebook ids') }).optional(),
    /** Notes an earlier page returned (ids or uris): never returned again, yet still leading on to their neighbours. */
    exclude: z.array(NoteRefSchema, { error: expecting('a list of note ids or uris') }).default([]),
    /** The output the build is priced for (spec section 5): `json` (default) or `prompt`. */
    format: z.enum(OUTPUT_FORMATS, { error: expecting(`one of ${OUTPUT_FORMATS.join(', ')}`) }).default(BUILD_OPTION_DEFAULTS.format),
    /** The related relations the build may use, in any order (default the sixteen of the tree); a link relation named here is used whatever `links` says. */
    relations: z.array(z.enum(RELATED_RELATIONS, { error: RELATIONS_LIST }), { error: RELATIONS_LIST }).min(1, { error: RELATIONS_LIST }).optional(),
    /** Links between notes (spec section 10): `true` adds `LinkedNote`, `LinkingNote` and `LinkedNoteLink` to the relations in effect (default `false`). */
    links: z.boolean({ error: expecting('true or false') }).default(BUILD_OPTION_DEFAULTS.links),
    /** A new note over what is left: `skip` it (default), or `shorten` its details to fit (spec section 9). */
    fit: z.enum(FITS, { error: expecting(`one of ${FITS.join(', ')}`) }).default(BUILD_OPTION_DEFAULTS.fit),
    /** Longest a build may take, in milliseconds, before it is given up (default 30,000; at most 2^31 − 1, a timer's limit). */
    timeoutMs: z.int({ error: POSITIVE_MS }).positive({ error: POSITIVE_MS }).max(MAX_TIMEOUT_MS, { error: POSITIVE_MS }).default(BUILD_OPTION_DEFAULTS.timeoutMs),
    /** Aborting it gives the build up. */
    signal: z.instanceof(AbortSignal, { error: expecting('an AbortSignal') }).optional(),
  },
  { error: expecting('an options object') },
);

/** Options as a caller writes them, for one focus or a list of foci. */
export type AnyBuildOptions = z.input<typeof BuildOptionsSchema>;
/** Options of a build for one focus (a `GraphRAGResult`). */
export type BuildOptions = Omit<AnyBuildOptions, 'focus'> & { focus: number | string };
/** Options of a build for a list of 1 to 10 foci (a `MultiFocusResult`). */
export type MultiFocusBuildOptions = Omit<AnyBuildOptions, 'focus'> & { focus: (number | string)[] };
export type ResolvedBuildOptions = z.output<typeof BuildOptionsSchema>;

/** Validates options before anything is read; a problem is a `ValidationError` naming the field. */
export function resolveBuildOptions(options: unknown): ResolvedBuildOptions {
  return validated(BuildOptionsSchema, options, 'options');
}

/** The options as text, the way command-line flags hold them. */
export type BuildOptionsText = { readonly [K in Exclude<keyof AnyBuildOptions, 'signal'>]?: string };

// The only text-to-value steps (a number, `true` or `false`, a list); other text stays text for the schema to reject.
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
export const numberFromText = (text: unknown): unknown => (typeof text === 'string' && NUMBER_TEXT.test(text) ? Number(text) : text);
export const booleanFromText = (text: unknown): unknown => (text === 'true' ? true : text === 'false' ? false : text);
const listOf = (item: (text: unknown) => unknown) => (text: unknown): unknown =>
  typeof text === 'string' ? text.split(',').map((part) => item(part.trim())) : text;

const shape = BuildOptionsSchema.shape;

/** {@link BuildOptionsSchema} over text: the same fields, after the text-to-value step. */
export const BuildOptionsTextSchema = BuildOptionsSchema.extend({
  focus: z.preprocess((text) => (typeof text === 'string' && text.includes(',') ? listOf((part) => part)(text) : text), shape.focus),
  relations: z.preprocess(listOf((text) => text), shape.relations),
  budget: z.preprocess(numberFromText, shape.budget),
  truncate: z.preprocess(numberFromText, shape.truncate),
  readableNotebooks: z.preprocess(listOf(numberFromText), shape.readableNotebooks),
  exclude: z.preprocess(listOf((text) => text), shape.exclude),
  timeoutMs: z.preprocess(numberFromText, shape.timeoutMs),
  links: z.preprocess(booleanFromText, shape.links),
});
