import * as z from 'zod';
import { RELATIONS } from '../relationships/relation.js';

/** A related note as it appears in `relatedNotes` (spec section 2). Absent fields are omitted. */
export const BareNoteSchema = z.strictObject({
  uriAndTitle: z.string(),
  details: z.string().min(1).optional(),
  parentUriAndTitle: z.string().optional(),
  objectUriAndTitle: z.string().optional(),
  relationToFocusNote: z.enum(RELATIONS),
});

/** The focus note: its details in full, its path and the lists that grow during a build. */
export const FocusNoteSchema = z.strictObject({
  ...BareNoteSchema.shape,
  relationToFocusNote: z.literal('Self'),
  contextualPath: z.array(z.string()),
  children: z.array(z.string()),
  referrings: z.array(z.string()),
  priorSiblings: z.array(z.string()),
  youngerSiblings: z.array(z.string()),
});

export const GraphRAGResultSchema = z.strictObject({ focusNote: FocusNoteSchema, relatedNotes: z.array(BareNoteSchema) });

/** A related note of a `MultiFocusResult`: `focus` is the uri `/n{id}` of the focus whose relation reached it. */
export const FocusedNoteSchema = z.strictObject({ ...BareNoteSchema.shape, focus: z.string().regex(/^\/n[1-9][0-9]*$/) });

/** The result of a build for several foci (spec section 9): every focus note, one list of related notes. */
export const MultiFocusResultSchema = z.strictObject({ focusNotes: z.array(FocusNoteSchema).min(1), relatedNotes: z.array(FocusedNoteSchema) });

export type BareNote = z.infer<typeof BareNoteSchema>;
export type FocusNote = z.infer<typeof FocusNoteSchema>;
export type GraphRAGResult = z.infer<typeof GraphRAGResultSchema>;
export type FocusedNote = z.infer<typeof FocusedNoteSchema>;
export type MultiFocusResult = z.infer<typeof MultiFocusResultSchema>;
/** What a build gives: a `GraphRAGResult` for one focus, a `MultiFocusResult` for a list. */
export type AnyResult = GraphRAGResult | MultiFocusResult;
