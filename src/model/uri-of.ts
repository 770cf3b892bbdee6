import type { NoteId, NoteLink } from './note-record.js';

export function uriOf(id: NoteId): string {
  return `/n${id}`;
}

const MARKDOWN_SPECIAL = /[[\]\\]/;
const MARKDOWN_SPECIALS = /[[\]\\]/g;

/** `[title](/n{id})`, with `[`, `]` and `\` escaped so the link still parses as CommonMark. */
export function uriAndTitleOf(note: NoteLink): string {
  // Most titles hold none of them, and testing is a few times cheaper than replacing nothing.
  const title = MARKDOWN_SPECIAL.test(note.title) ? note.title.replace(MARKDOWN_SPECIALS, '\\$&') : note.title;
  return `[${title}](${uriOf(note.id)})`;
}
