import type { NoteRecord } from '../model/note-record.js';
import { takeCodePoints } from '../model/take-code-points.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import type { Relation } from '../relationships/relation.js';
import type { BareNote } from './graph-rag-result-schema.js';

/** A note as the result writes it, keys in the spec's order; `detailsLimit` undefined for the focus note, never cut. */
export function bareNoteOf(note: NoteRecord, relation: Relation, detailsLimit?: number): BareNote {
  // Fields added one by one rather than spread: a build makes one per candidate it prices.
  const bare: Partial<BareNote> = { uriAndTitle: uriAndTitleOf(note) };
  if (note.details) {
    // Cut to `detailsLimit` code points, the cut marked with `...` (spec section 2).
    const { head, cut } = detailsLimit === undefined ? { head: note.details, cut: false } : takeCodePoints(note.details, detailsLimit);
    bare.details = cut ? `${head}...` : head;
  }
  if (note.parent) bare.parentUriAndTitle = uriAndTitleOf(note.parent);
  if (note.object) bare.objectUriAndTitle = uriAndTitleOf(note.object);
  bare.relationToFocusNote = relation;
  return bare as BareNote;
}
