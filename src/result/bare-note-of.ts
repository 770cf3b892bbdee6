import type { NoteRecord } from '../model/note-record.js';
import { takeCodePoints } from '../model/take-code-points.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import type { Relation } from '../relationships/relation.js';
import type { BareNote } from './graph-rag-result-schema.js';

/** A note as the result writes it, keys in the spec's order; `detailsLimit` undefined for the focus note, never cut. */
export function bareNoteOf(note: NoteRecord, relation: Relation, detailsLimit?: number): BareNote {
  // Fields added one by one rather than spread: a build makes one per candidate it prices.
  const bare: Partial<BareNote> = { uriAndTitle: uriAndTitleOf(note) };
  if (note.details) bare.details = detailsLimit === undefined ? note.details : truncated(note.details, detailsLimit);
  if (note.parent) bare.parentUriAndTitle = uriAndTitleOf(note.parent);
  if (note.object) bare.objectUriAndTitle = uriAndTitleOf(note.object);
  bare.relationToFocusNote = relation;
  return bare as BareNote;
}

/** Details cut to `limit` code points, the cut marked with `...` (spec section 2). */
function truncated(details: string, limit: number): string {
  const { head, cut } = takeCodePoints(details, limit);
  return cut ? `${head}...` : head;
}
