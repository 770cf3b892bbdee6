import type { NoteId } from '../model/note-record.js';
import { PageRequest } from '../store/page-request.js';
import type { NoteLoader } from '../strategies/note-loader.js';
import { KeysetPages } from '../strategies/keyset-pages.js';

/**
 * Reading ahead before the focus note is known, for a reader with round trips to save: the first
 * pages of the relations that need nothing of the focus note but its id are asked for with the
 * focus note's own read, and the strategies' first reads of the same pages (the same requests:
 * the focus note's children, its referring notes, the siblings of it and of its parent) are
 * answered from the loader's cache. test/first-reads.test.ts fails when the two differ. A page of
 * a relation the build never reaches is read for nothing; a first page is at most
 * `KeysetPages.FIRST_PAGE` notes.
 */
export function startFirstReads(focusId: NoteId, loader: NoteLoader): void {
  if (loader.answersAtOnce) return;
  const limit = KeysetPages.FIRST_PAGE;
  const requests: PageRequest[] = [PageRequest.children(focusId, 'asc', undefined, limit), PageRequest.referrings(focusId, undefined, limit)];
  if (loader.readsExtended) {
    for (const up of [0, 1] as const) for (const direction of ['desc', 'asc'] as const) requests.push(PageRequest.siblings(focusId, up, direction, limit));
  }
  // Read ahead of need: a build that never reaches one is no error of it.
  for (const request of requests) loader.read(request).catch(() => {});
}
