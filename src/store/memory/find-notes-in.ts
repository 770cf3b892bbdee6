import { uriOf } from '../../model/uri-of.js';
import type { FindNotesOptions, FoundNote } from '../note-finder.js';
import type { NoteData } from './fixture.js';

/** `NoteFinder.findNotes` over a fixture in memory: a scan, fine at fixture sizes; lower-cased, so it ignores case, not accents. */
export function findNotesIn(notes: Iterable<NoteData>, query: string, { limit, readableNotebooks }: FindNotesOptions): FoundNote[] {
  const prefix = query.toLowerCase();
  const matches: { note: NoteData; length: number }[] = [];
  for (const note of notes) {
    if (note.deletedAt !== undefined) continue;
    if (readableNotebooks && !readableNotebooks.has(note.notebookId)) continue;
    if (!note.title.toLowerCase().startsWith(prefix)) continue;
    matches.push({ note, length: [...note.title].length });
  }
  return matches
    .sort((a, b) => a.length - b.length || a.note.id - b.note.id)
    .slice(0, limit)
    .map(({ note }) => ({ uri: uriOf(note.id), title: note.title, notebookId: note.notebookId }));
}
