import { takeCodePoints } from './code-points.js';
import { utf8Length } from './utf8.js';

/**
 * The size rule of the store port: how much text a related note shows, measured the same way by
 * every store (in TypeScript here, in SQL by the MySQL store), so that a page read can leave out
 * notes that show too much text without reading them (see `SizeFilter` in the store port).
 */

/** The parts of a note whose text a related note shows. */
export interface ShownText {
  readonly title: string;
  readonly details?: string | undefined;
  readonly parent?: { readonly title: string } | undefined;
  readonly object?: { readonly title: string } | undefined;
}

/** Which optional parts a related note shows: details 1, visible parent 2, visible object 4. */
export type NoteShape = number;
export const NOTE_SHAPES = 8;

export function noteShape(showsDetails: boolean, showsParent: boolean, showsObject: boolean): NoteShape {
  return (showsDetails ? 1 : 0) + (showsParent ? 2 : 0) + (showsObject ? 4 : 0);
}

/** A note's shape and the UTF-8 bytes of the text it shows. */
export interface ShownSize {
  readonly shape: NoteShape;
  readonly textBytes: number;
}

/**
 * The shape of a note and the bytes of its title, of the first `detailsLimit` code points of its
 * details, and of the titles of its visible parent and object. Empty details count as none.
 */
export function shownSizeOf(note: ShownText, detailsLimit: number): ShownSize {
  return {
    shape: noteShape(Boolean(note.details), Boolean(note.parent), Boolean(note.object)),
    textBytes:
      utf8Length(note.title) +
      (note.details ? utf8Length(takeCodePoints(note.details, detailsLimit).head) : 0) +
      (note.parent ? utf8Length(note.parent.title) : 0) +
      (note.object ? utf8Length(note.object.title) : 0),
  };
}
