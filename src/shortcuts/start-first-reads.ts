import type { NoteId } from '../model/note-record.js';
import { PageRequest } from '../store/page-request.js';
import type { NoteLoader } from '../strategies/note-loader.js';
import { KeysetPages } from '../strategies/keyset-pages.js';

/**
 * Reading ahead before the focus note is known, for a reader with round trips to save: the first
 * pages of the relations that need nothing of the focus note but its id (its children, referring
 * notes, and the siblings of it and of its parent) are asked for with the focus note's own read,
 * the very requests the strategies make first (test/first-reads.test.ts checks it), so those are
 * answered from the loader's cache. A page of a relation the build never reaches is read for nothing.
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
