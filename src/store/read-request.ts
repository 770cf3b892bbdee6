import type { NoteId, SiblingKey } from '../model/note-record.js';

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

export type ReadRequest = NoteRequest | AncestorsRequest | ChildrenPageRequest | ReferringPageRequest | LinkedNotesRequest | LinkingNotesRequest;
