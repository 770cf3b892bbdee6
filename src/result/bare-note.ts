import { takeCodePoints } from '../model/take-code-points.js';
import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import type { Relation } from '../relationships/relation.js';
import type { BareNote } from './schema.js';

/** Cuts details to `limit` code points and marks the cut with `...` (spec section 2). */
export function truncateDetails(details: string, limit: number): string {
  const { head, cut } = takeCodePoints(details, limit);
  return cut ? `${head}...` : head;
}

/**
 * A note as the result writes it, keys in the spec's order so that every store yields the same
 * bytes. `detailsLimit` is undefined for the focus note, whose details are never cut.
 */
export function bareNoteOf(note: NoteRecord, relation: Relation, detailsLimit?: number): BareNote {
  // Fields added one by one rather than spread: a build makes one per candidate it prices.
  const bare: Writable<BareNote> = { uriAndTitle: uriAndTitleOf(note) };
  const details = note.details && (detailsLimit === undefined ? note.details : truncateDetails(note.details, detailsLimit));
  if (details) bare.details = details;
  if (note.parent) bare.parentUriAndTitle = uriAndTitleOf(note.parent);
  if (note.object) bare.objectUriAndTitle = uriAndTitleOf(note.object);
  bare.relationToFocusNote = relation;
  return bare as BareNote;
}

/** How a related note is written beyond section 2 (spec section 9). */
export interface NoteForm {
  /** Details cut to this many code points, then `...` (a note shortened to fit: fewer than it has). */
  readonly cut?: number;
  /** The uri of the focus whose relation reached the note, when focus is a list. */
  readonly focus?: string;
}

/** A related note as the result writes it, in `form`: details cut shorter, `focus` after its relation. */
export function relatedNoteOf(note: NoteRecord, relation: Relation, detailsLimit: number, form: NoteForm | undefined): BareNote {
  if (form === undefined) return bareNoteOf(note, relation, detailsLimit);
  const bare = bareNoteOf(note, relation, form.cut ?? detailsLimit) as Writable<BareNote & { focus: string }>;
  if (form.focus !== undefined) bare.focus = form.focus;
  return bare as BareNote;
}

type Writable<T> = { -readonly [K in keyof T]?: T[K] };
