import { utf8Length } from '../../model/utf8.js';
import { takeCodePoints } from '../../model/code-points.js';
import type { NoteId } from '../../model/note-record.js';
import type { NoteData } from './fixture.js';

/**
 * Byte lengths of titles and cut details, kept across builds: a fixture never changes, and a
 * page that steps over a hub's children asks for them thousands of times (see `SizeFilter`).
 */
export class ShownBytesCache {
  private readonly titles = new Map<NoteId, number>();
  private readonly detailsByLimit = new Map<number, Map<NoteId, number>>();

  title(note: NoteData): number {
    let bytes = this.titles.get(note.id);
    if (bytes === undefined) {
      bytes = utf8Length(note.title);
      this.titles.set(note.id, bytes);
    }
    return bytes;
  }

  /** Bytes of the first `limit` code points of the note's details. */
  details(note: NoteData, limit: number): number {
    if (!note.details) return 0;
    let cache = this.detailsByLimit.get(limit);
    if (!cache) {
      cache = new Map();
      this.detailsByLimit.set(limit, cache);
    }
    let bytes = cache.get(note.id);
    if (bytes === undefined) {
      bytes = utf8Length(takeCodePoints(note.details, limit).head);
      cache.set(note.id, bytes);
    }
    return bytes;
  }
}
