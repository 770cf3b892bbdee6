import type { NoteId } from '../model/note-record.js';
import { PageRequest } from '../store/read-request.js';
import type { NoteLoader } from '../strategies/note-loader.js';
import { KeysetPages } from '../strategies/keyset-pages.js';

/**
 * Reading ahead before the focus note is known, for a reader with round trips to save: the first pages of the relations
 * that need only its id (children, referring notes, siblings of it and its parent) ride with its own read, as the very
 * requests the strategies make first (test/first-reads.test.ts checks it). A relation never reached is read for nothing.
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
