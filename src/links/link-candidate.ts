import type { NoteRecord } from '../model/note-record.js';

/**
 * What resolving a link needs of a note (spec section 10). Only visible notes (spec section 1) are
 * candidates, so a link never resolves to a deleted note or one the viewer may not read.
 */
export type LinkCandidate = Pick<NoteRecord, 'id' | 'notebookId' | 'title'>;
