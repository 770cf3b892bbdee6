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

/** A note's shape and the size of the text it shows. */
export interface ShownSize {
  readonly shape: NoteShape;
  /** UTF-8 bytes. */
  readonly textBytes: number;
  /** Word starts: places where a space (U+0020) is followed by an ASCII letter or digit. */
  readonly wordStarts: number;
}

const WORD_START = / [A-Za-z0-9]/g;

/** Places in `text` where a space is followed by an ASCII letter or digit. */
export function wordStartsOf(text: string): number {
  return text.match(WORD_START)?.length ?? 0;
}

/**
 * The shape of a note, and the bytes and word starts of its title, of the first `detailsLimit`
 * code points of its details, and of the titles of its visible parent and object (each text on
 * its own). Empty details count as none.
 */
export function shownSizeOf(note: ShownText, detailsLimit: number): ShownSize {
  const texts = [
    note.title,
    note.details ? takeCodePoints(note.details, detailsLimit).head : '',
    note.parent?.title ?? '',
    note.object?.title ?? '',
  ];
  return {
    shape: noteShape(Boolean(note.details), Boolean(note.parent), Boolean(note.object)),
    textBytes: texts.reduce((sum, text) => sum + utf8Length(text), 0),
    wordStarts: texts.reduce((sum, text) => sum + wordStartsOf(text), 0),
  };
}
