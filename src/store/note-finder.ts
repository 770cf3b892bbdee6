import { z } from 'zod';

/** A note a search found: enough to show it and to ask for its context. */
export const FoundNoteSchema = z.strictObject({
  /** `/n{id}`: pass it as `focus` to build the note's context. */
  uri: z.string(),
  title: z.string(),
  notebookId: z.number().int().positive(),
});

export type FoundNote = z.infer<typeof FoundNoteSchema>;

export interface FindNotesOptions {
  /** At most this many notes (the caller bounds it). */
  readonly limit: number;
  /** When given, notes of any other notebook are not found. */
  readonly readableNotebooks?: ReadonlySet<number>;
  /**
   * Aborting it gives the search up: it rejects with the signal's reason, and a store that holds
   * a connection for it destroys that connection rather than wait for an answer.
   */
  readonly signal?: AbortSignal;
}

/**
 * A second, optional port beside {@link NoteStore}: finding notes by title, so a caller that
 * knows a name can get the uri to build context for. Every store answers the same way:
 *
 * - a note matches when its title **starts with** `query`, ignoring case (MySQL: as the
 *   `topic_constructor` column's collation compares; the `_ci` collations Doughnut uses also
 *   ignore accents there);
 * - deleted notes and notes outside `readableNotebooks` are never found;
 * - shortest titles first (an exact match leads), then by id; at most `limit` notes.
 *
 * `query` is plain text: `%`, `_` and every other character match only themselves.
 */
export interface NoteFinder {
  findNotes(query: string, options: FindNotesOptions): Promise<readonly FoundNote[]>;
}
