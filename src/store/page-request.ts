import type { NoteId, SiblingKey } from '../model/note-record.js';
import type { ChildrenPageRequest, ReferringPageRequest } from './read-request.js';
import type { SiblingsPageRequest } from './siblings-page-request.js';

export type PageRequest = ChildrenPageRequest | ReferringPageRequest | SiblingsPageRequest;

/** Each page request as the strategies and the first reads make it: the same request, the same key. */
export const PageRequest = {
  children(parentId: NoteId, direction: 'asc' | 'desc', after: SiblingKey | undefined, limit: number): ChildrenPageRequest {
    const bound = after && { after: { siblingOrder: after.siblingOrder, id: after.id } };
    return { kind: 'children', parentId, direction, ...bound, limit };
  },
  referrings(objectId: NoteId, afterId: NoteId | undefined, limit: number): ReferringPageRequest {
    return { kind: 'referrings', objectId, ...(afterId !== undefined && { afterId }), limit };
  },
  siblings(of: NoteId, up: 0 | 1, direction: 'asc' | 'desc', limit: number): SiblingsPageRequest {
    return { kind: 'siblings', of, up, direction, limit };
  },
};
