import type { NoteId, SiblingKey } from '../model/note-record.js';
import type { SizeFilter } from './size-filter.js';

/** One note; `full` asks for its details uncut (only the focus note needs that). */
export interface NoteRequest { readonly kind: 'note'; readonly id: NoteId; readonly full: boolean; }

/** The visible notes on the parent chain of `id` (not itself), in any order, up to an invisible parent; ends on cycles. */
export interface AncestorsRequest { readonly kind: 'ancestors'; readonly id: NoteId; }

/** One page of the children of `parentId`, in sibling order or its reverse. */
export interface ChildrenPageRequest {
  readonly kind: 'children';
  readonly parentId: NoteId;
  readonly direction: 'asc' | 'desc';
  /** Exclusive bound: only children strictly beyond it in `direction`. */
  readonly after?: SiblingKey;
  readonly limit: number;
}

/** One page of the notes whose object is `objectId`, by ascending id. */
export interface ReferringPageRequest {
  readonly kind: 'referrings';
  readonly objectId: NoteId;
  /** Exclusive bound: only notes with a greater id. */
  readonly afterId?: NoteId;
  readonly limit: number;
}

/** The visible notes the details of the visible note `id` link to (spec section 10, `src/links/`), each once, by first link. */
export interface LinkedNotesRequest { readonly kind: 'linked'; readonly id: NoteId; }

/** The visible notes whose details link to the visible note `id`, by ascending id; a store must not read the whole table for it. */
export interface LinkingNotesRequest { readonly kind: 'linking'; readonly id: NoteId; }

/** The required port's requests (`NoteReader.read`). */
export type ReadRequest = NoteRequest | AncestorsRequest | ChildrenPageRequest | ReferringPageRequest | LinkedNotesRequest | LinkingNotesRequest;

/** An extended request: the first page of siblings beyond `of` (`up` 0) or its parent (`up` 1), each step visible, else empty. */
export interface SiblingsPageRequest {
  readonly kind: 'siblings'; readonly of: NoteId; readonly up: 0 | 1; readonly direction: 'asc' | 'desc'; readonly limit: number;
}

export type PageRequest = ChildrenPageRequest | ReferringPageRequest | SiblingsPageRequest;

export type FilteredPageRequest = PageRequest & { readonly filter?: SizeFilter };

/** Any request `readExtended` and `readNow` take: the required ones, siblings pages and filtered pages. */
export type ExtendedReadRequest = NoteRequest | AncestorsRequest | FilteredPageRequest | LinkedNotesRequest | LinkingNotesRequest;

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

/** Same key, same answer within one reader; not a page's `filter`: what it left out cannot fit later, as budgets only shrink. */
export function requestKey(request: ExtendedReadRequest): string {
  switch (request.kind) {
    case 'note':
      return `note ${request.id}${request.full ? ' full' : ''}`;
    case 'children':
      return `children ${request.parentId} ${request.direction} ${request.after ? `${request.after.siblingOrder}/${request.after.id}` : '-'} ${request.limit}`;
    case 'siblings':
      return `siblings ${request.of} ${request.up} ${request.direction} ${request.limit}`;
    case 'referrings':
      return `referrings ${request.objectId} ${request.afterId ?? '-'} ${request.limit}`;
    case 'ancestors':
    case 'linked':
    case 'linking':
      return `${request.kind} ${request.id}`;
  }
}
