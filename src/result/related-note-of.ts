import type { NoteRecord } from '../model/note-record.js';
import type { Relation } from '../relationships/relation.js';
import { bareNoteOf } from './bare-note-of.js';
import type { BareNote } from './graph-rag-result-schema.js';

/** How a related note is written beyond section 2 (spec section 9). */
export interface NoteForm {
  /** Details cut to this many code points, then `...` (a note shortened to fit: fewer than it has). */
  readonly cut?: number;
  /** The uri of the focus whose relation reached the note, when focus is a list. */
  readonly focus?: string;
}

/** A related note as the result writes it, in `form`: details cut shorter, `focus` after its relation. */
export function relatedNoteOf(note: NoteRecord, relation: Relation, detailsLimit: number, form: NoteForm | undefined): BareNote {
  const bare = bareNoteOf(note, relation, form?.cut ?? detailsLimit);
  if (form?.focus !== undefined) (bare as BareNote & { focus?: string }).focus = form.focus;
  return bare;
}
