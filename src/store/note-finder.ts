import * as z from 'zod';

/** A note a search found: enough to show it and to ask for its context. */
export const FoundNoteSchema = z.strictObject({
  /** `/n{id}`: pass it as `focus` to build the note's context. */
  uri: z.string(), title: z.string(), notebookId: z.number().int().positive(),
});

export type FoundNote = z.infer<typeof FoundNoteSchema>;

export interface FindNotesOptions {
  /** At most this many notes (the caller bounds it). */
  readonly limit: number;
  /** When given, notes of any other notebook are not found. */
  readonly readableNotebooks?: ReadonlySet<number>;
  /** Aborting it gives the search up: it rejects with the signal's reason, and its connection is destroyed. */
  readonly signal?: AbortSignal;
}

/** Visible notes whose title starts with `query`, ignoring case (MySQL: as its collation); shortest titles first, then by id. */
export interface NoteFinder { findNotes(query: string, options: FindNotesOptions): Promise<readonly FoundNote[]>; }
