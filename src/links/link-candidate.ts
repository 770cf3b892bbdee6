import type { NoteRecord } from '../model/note-record.js';

/**
 * What resolving a link needs of a note (spec section 10): its id, its notebook and its title. A
 * caller hands only visible notes (spec section 1): a deleted note, or one in a notebook the viewer
 * may not read, is never a candidate, so a link never resolves to it.
 */
export type LinkCandidate = Pick<NoteRecord, 'id' | 'notebookId' | 'title'>;
