import type { NoteId } from '../model/note-record.js';
import type { NoteLoader } from './note-loader.js';
import { PagedCursor } from './paged-cursor.js';
import { readAhead } from './read-ahead.js';

/**
 * Asks for the first pages of the relations that need nothing of the focus note but its id,
 * before the focus note is known, for a reader with round trips to save: they then ride with the
 * focus note's own read, and the strategies' first reads of the same pages (the same requests:
 * `childrenOf` the focus note, its referring notes, `siblingsOf` it and its parent) are answered
 * from it. A page of a relation the build never reaches (the budget ran out first, the focus
 * note has no parent) is read for nothing; a first page is at most `PagedCursor.FIRST_PAGE` notes.
 */
export function startFirstReads(focusId: NoteId, loader: NoteLoader): void {
  if (!loader.readsAhead) return;
  const limit = PagedCursor.FIRST_PAGE;
  readAhead(loader.children(focusId, 'asc', undefined, limit));
  readAhead(loader.referrings(focusId, undefined, limit));
  if (!loader.readsSiblings) return;
  for (const up of [0, 1] as const) for (const direction of ['desc', 'asc'] as const) readAhead(loader.siblings(focusId, up, direction, limit));
}
