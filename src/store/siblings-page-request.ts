import type { NoteId } from '../model/note-record.js';

/**
 * An extended request (`NoteReader.readExtended`): the first page of a note's siblings on one
 * side, read before anything is known of it, in the first round trip: the children of its parent
 * beyond it in `direction`. The note is `of` (`up` 0) or its parent (`up` 1); every step must be
 * visible, or the page is empty.
 */
export interface SiblingsPageRequest {
  readonly kind: 'siblings';
  readonly of: NoteId;
  readonly up: 0 | 1;
  readonly direction: 'asc' | 'desc';
  readonly limit: number;
}
