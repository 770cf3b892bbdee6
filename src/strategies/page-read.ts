import type { NoteRecord } from '../model/note-record.js';

/** One page of a relation, and whether candidates may follow it. */
export interface PageRead {
  readonly notes: readonly NoteRecord[];
  readonly more: boolean;
}
