import type { NoteRecord } from '../model/note-record.js';
import { noteShape, type NoteShape } from '../model/note-shape.js';
import { takeCodePoints } from '../model/take-code-points.js';
import { utf8Length } from '../model/utf8-length.js';

// The size rule of stepping over, as sql/shown-size-within-sql.ts has it too; test/size-rule.test.ts holds them to the same counts.

/** A note's shape and the size of the text it shows. */
export interface ShownSize {
  readonly shape: NoteShape;
  /** UTF-8 bytes. */
  readonly textBytes: number;
  /** Word starts: see {@link wordStartsOf}. */
  readonly wordStarts: number;
}

const isAlnum = (code: number) => (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** ASCII letters or digits at the start or after a space, each a tokenizer chunk's start; others would slow SQL threefold. */
export function wordStartsOf(text: string): number {
  let starts = text.length > 0 && isAlnum(text.charCodeAt(0)) ? 1 : 0;
  for (let index = 1; index < text.length; index++) {
    if (text.charCodeAt(index - 1) === 0x20 && isAlnum(text.charCodeAt(index))) starts++;
  }
  return starts;
}

/** A note's shape, and the bytes and word starts of its title, first `detailsLimit` code points of details, and visible links' titles. */
export function shownSizeOf(note: Pick<NoteRecord, 'title' | 'details' | 'parent' | 'object'>, detailsLimit: number): ShownSize {
  const details = note.details ? takeCodePoints(note.details, detailsLimit).head : '';
  const parent = note.parent?.title ?? '';
  const object = note.object?.title ?? '';
  return {
    shape: noteShape(Boolean(note.details), Boolean(note.parent), Boolean(note.object)),
    textBytes: utf8Length(note.title) + utf8Length(details) + utf8Length(parent) + utf8Length(object),
    wordStarts: wordStartsOf(note.title) + wordStartsOf(details) + wordStartsOf(parent) + wordStartsOf(object),
  };
}
