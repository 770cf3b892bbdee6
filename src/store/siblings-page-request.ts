import type { NoteId } from '../model/note-record.js';

/**
 * An extended request (`NoteReader.readExtended`): the first page of the siblings beyond a note in
 * `direction`, read before anything is known of it; the note is `of` (`up` 0) or its parent (`up` 1),
 * every step visible, or the page is empty.
 */
export interface SiblingsPageRequest {
  readonly kind: 'siblings';
  readonly of: NoteId;
  readonly up: 0 | 1;
  readonly direction: 'asc' | 'desc';
  readonly limit: number;
}
