import type { NoteId } from '../model/note-record.js';

/** An extended request: the first page of siblings beyond `of` (`up` 0) or its parent (`up` 1), each step visible, else empty. */
export interface SiblingsPageRequest {
  readonly kind: 'siblings'; readonly of: NoteId; readonly up: 0 | 1; readonly direction: 'asc' | 'desc'; readonly limit: number;
}
