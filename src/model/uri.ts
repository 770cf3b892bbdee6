import type { NoteId, NoteLink } from './note-record.js';

export function uriOf(id: NoteId): string {
  return `/n${id}`;
}

/** `[title](/n{id})`, with `[`, `]` and `\` escaped so the link still parses as CommonMark. */
export function uriAndTitleOf(note: NoteLink): string {
  return `[${note.title.replace(/[[\]\\]/g, '\\$&')}](${uriOf(note.id)})`;
}
