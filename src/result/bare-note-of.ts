import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import type { Relation } from '../relationships/relation.js';
import type { BareNote } from './schema.js';
import { truncateDetails } from './truncate-details.js';

/** A note as the result writes it, keys in the spec's order; `detailsLimit` undefined for the focus note, never cut. */
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

type Writable<T> = { -readonly [K in keyof T]?: T[K] };
