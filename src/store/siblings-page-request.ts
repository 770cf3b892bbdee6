import type { NoteId } from '../model/note-record.js';

/**
 * An extended request (`NoteReader.readExtended`): the first page of a note's
 * siblings on one side, read before anything is known of the note, so that it rides in the
 * build's first round trip. It is the children of its parent strictly beyond it in `direction`,
 * as a `ChildrenPageRequest` with `parentId` the parent and `after` the note would read them.
 * The note is `of` itself (`up` 0) or its parent (`up` 1). Each step (`of`, its parent when `up`
 * is 1, then that note's parent) must be a visible note, or the page is empty.
 */
export interface SiblingsPageRequest {
  readonly kind: 'siblings';
  readonly of: NoteId;
  readonly up: 0 | 1;
  readonly direction: 'asc' | 'desc';
  readonly limit: number;
}
