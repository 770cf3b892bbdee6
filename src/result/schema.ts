import { z } from 'zod';
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

export const GraphRAGResultSchema = z.strictObject({
  focusNote: FocusNoteSchema,
  relatedNotes: z.array(BareNoteSchema),
});

export type BareNote = z.infer<typeof BareNoteSchema>;
export type FocusNote = z.infer<typeof FocusNoteSchema>;
export type GraphRAGResult = z.infer<typeof GraphRAGResultSchema>;
