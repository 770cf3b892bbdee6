import { takeCodePoints } from '../model/code-points.js';
import { utf8Length } from './tokenizer.js';

/** The parts of a note whose text a related note shows. */
export interface ShownText {
  readonly title: string;
  readonly details?: string | undefined;
  readonly parent?: { readonly title: string } | undefined;
  readonly object?: { readonly title: string } | undefined;
}

/** Which optional parts a related note shows: details 1, parent link 2, object link 4. */
export type NoteShape = number;
export const NOTE_SHAPES = 8;

export function noteShape(showsDetails: boolean, showsParent: boolean, showsObject: boolean): NoteShape {
  return (showsDetails ? 1 : 0) + (showsParent ? 2 : 0) + (showsObject ? 4 : 0);
}

/**
 * A note's shape and the bytes of the text it shows: its title, the first `detailsLimit` code
 * points of its details, and the titles of its visible parent and object. Its cost never falls
 * below a bound of its shape that grows with these bytes, and a store can compute both from
 * column lengths without reading the text out (see `PassOver`).
 */
export function shownTextOf(note: ShownText, detailsLimit: number): { shape: NoteShape; textBytes: number } {
  return {
    shape: noteShape(Boolean(note.details), Boolean(note.parent), Boolean(note.object)),
    textBytes:
      utf8Length(note.title) +
      (note.details ? utf8Length(takeCodePoints(note.details, detailsLimit).head) : 0) +
      (note.parent ? utf8Length(note.parent.title) : 0) +
      (note.object ? utf8Length(note.object.title) : 0),
  };
}
