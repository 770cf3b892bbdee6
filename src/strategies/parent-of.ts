import type { NoteRecord } from '../model/note-record.js';

/** The parent of `note` as a record: its walked chain's first note, or itself when it is its own parent (corrupt data). */
export function parentOf(note: NoteRecord, chain: readonly NoteRecord[]): NoteRecord | undefined {
  if (!note.parent) return undefined;
  return note.parent.id === note.id ? note : chain[0];
}
