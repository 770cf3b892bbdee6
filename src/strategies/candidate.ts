import type { NoteRecord } from '../model/note-record.js';

/**
 * What a relation offers next: a note read from the store, or a note a page read left out
 * unread because it shows more text than any note that still fits may show (see `SizeFilter`).
 * A left-out note is never the focus note nor one already in the result (both are kept), so all
 * it can do is take its relation's turn and be skipped.
 */
export type Candidate = { readonly kind: 'note'; readonly note: NoteRecord } | { readonly kind: 'left-out' };

export const noteCandidate = (note: NoteRecord): Candidate => ({ kind: 'note', note });
export const LEFT_OUT: Candidate = Object.freeze({ kind: 'left-out' });
