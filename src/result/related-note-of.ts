import type { NoteRecord } from '../model/note-record.js';
import { takeCodePoints } from '../model/take-code-points.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import type { Relation } from '../relationships/relation.js';
import type { BareNote } from './graph-rag-result-schema.js';

/** How a related note is written beyond section 2 (spec section 9). */
export interface NoteForm {
  /** Details cut to this many code points, then `...` (a note shortened to fit: fewer than it has). */
  readonly cut?: number;
  /** The uri of the focus whose relation reached the note, when focus is a list. */
  readonly focus?: string;
}

/**
 * A note as the result writes it, keys in the spec's order, in `form`: details cut shorter, `focus` after its relation;
 * `detailsLimit` undefined for the focus note, never cut.
 */
export function relatedNoteOf(note: NoteRecord, relation: Relation, detailsLimit: number | undefined, form?: NoteForm): BareNote {
  // Fields added one by one rather than spread: a build makes one per candidate it prices.
  const bare: Partial<BareNote & { focus: string }> = { uriAndTitle: uriAndTitleOf(note) };
  if (note.details) {
    const limit = form?.cut ?? detailsLimit;
    // Cut to `limit` code points, the cut marked with `...` (spec section 2).
    const { head, cut } = limit === undefined ? { head: note.details, cut: false } : takeCodePoints(note.details, limit);
    bare.details = cut ? `${head}...` : head;
  }
  if (note.parent) bare.parentUriAndTitle = uriAndTitleOf(note.parent);
  if (note.object) bare.objectUriAndTitle = uriAndTitleOf(note.object);
  bare.relationToFocusNote = relation;
  if (form?.focus !== undefined) bare.focus = form.focus;
  return bare as BareNote;
}
