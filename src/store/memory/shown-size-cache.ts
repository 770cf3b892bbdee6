import { takeCodePoints } from '../../model/take-code-points.js';
import type { NoteId } from '../../model/note-record.js';
import { wordStartsOf } from '../../store/shown-size.js';
import { utf8Length } from '../../model/utf8-length.js';
import type { NoteData } from './fixture.js';
import { getOrMake } from '../get-or-make.js';

/** The two measures of the size rule for one text. */
export interface TextSize { readonly bytes: number; readonly wordStarts: number; }

const NONE: TextSize = { bytes: 0, wordStarts: 0 };
const sizeOf = (text: string): TextSize => ({ bytes: utf8Length(text), wordStarts: wordStartsOf(text) });

/** Sizes of titles and cut details, kept across builds: a fixture never changes, and pages ask for them thousands of times. */
export class ShownSizeCache {
  private readonly titles = new Map<NoteId, TextSize>();
  private readonly detailsByLimit = new Map<number, Map<NoteId, TextSize>>();

  title(note: NoteData): TextSize {
    return getOrMake(this.titles, note.id, () => sizeOf(note.title));
  }

  /** The size of the first `limit` code points of the note's details. */
  details(note: NoteData, limit: number): TextSize {
    const details = note.details;
    if (!details) return NONE;
    const cache = getOrMake(this.detailsByLimit, limit, () => new Map<NoteId, TextSize>());
    return getOrMake(cache, note.id, () => sizeOf(takeCodePoints(details, limit).head));
  }
}
