import type { NoteId, SiblingKey } from '../model/note-record.js';

/** One note; `full` asks for its details uncut (only the focus note needs that). */
export interface NoteRequest {
  readonly kind: 'note';
  readonly id: NoteId;
  readonly full: boolean;
}

/**
 * The visible notes on the parent chain of `id` (the note itself excluded), in any order.
 * The chain stops at an invisible parent; a store must terminate on cycles.
 */
export interface AncestorsRequest {
  readonly kind: 'ancestors';
  readonly id: NoteId;
}

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

/**
 * The visible notes the details of note `id` link to (spec section 10), each once, in the order of
 * the first link to each; none when `id` is not visible. Links are found in all of the details, and
 * each resolves among the visible notes as `src/links/` says.
 */
export interface LinkedNotesRequest {
  readonly kind: 'linked';
  readonly id: NoteId;
}

/**
 * The visible notes whose details link to note `id` (spec section 10), by ascending id; none when
 * `id` is not visible. A store may narrow its search any way that keeps every such note (see
 * `linksTo`), but must not read the whole table to answer.
 */
export interface LinkingNotesRequest {
  readonly kind: 'linking';
  readonly id: NoteId;
}

export type ReadRequest = NoteRequest | AncestorsRequest | ChildrenPageRequest | ReferringPageRequest | LinkedNotesRequest | LinkingNotesRequest;
