import type { NoteRecord } from '../model/note-record.js';

/** Told of a page's records as the store returned them. */
export type Seen = (notes: readonly NoteRecord[]) => void;
