import { takeCodePoints } from './take-code-points.js';
import { utf8Length } from './utf8-length.js';

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
  /** Word starts: see {@link wordStartsOf}. */
  readonly wordStarts: number;
}

/**
 * Word starts: an ASCII letter or digit at the start of the text or after a space. Each begins a
 * chunk of the o200k and cl100k pre-tokenizers of its own wherever the text is written (a note's
 * texts always follow punctuation or a line break). Other places begin chunks too (a letter after
 * punctuation, a digit after a letter), but counting them in SQL took a regular expression three
 * times slower on every row a hub's page scans; these two are a plain pattern and an anchored one.
 * As SQL sees them (test/size-rule.test.ts holds the two to the same counts):
 */
export const WORD_CHARACTER = '[A-Za-z0-9]';
export const WORD_START_PATTERNS = { afterSpace: ` ${WORD_CHARACTER}`, atStart: `^${WORD_CHARACTER}` } as const;

const isAlnum = (code: number) => (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** The word starts of `text` (see {@link WORD_START_PATTERNS}), counted in one pass. */
export function wordStartsOf(text: string): number {
  let starts = text.length > 0 && isAlnum(text.charCodeAt(0)) ? 1 : 0;
  for (let index = 1; index < text.length; index++) {
    if (text.charCodeAt(index - 1) === 0x20 && isAlnum(text.charCodeAt(index))) starts++;
  }
  return starts;
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
