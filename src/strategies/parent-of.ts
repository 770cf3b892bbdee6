import type { NoteRecord } from '../model/note-record.js';

/**
 * The parent of `note` as a record, given its walked chain: the chain's first note, or the note
 * itself when it is its own parent (corrupt data; its chain is then empty).
 */
export function parentOf(note: NoteRecord, chain: readonly NoteRecord[]): NoteRecord | undefined {
  if (!note.parent) return undefined;
  return note.parent.id === note.id ? note : chain[0];
}
