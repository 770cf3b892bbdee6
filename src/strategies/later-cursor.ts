import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';
import { readAhead } from './read-ahead.js';
import { andThen, type Soon } from './soon.js';
import { Arriving } from './arriving.js';

/** A cursor made once its inputs have been read, e.g. the siblings of the object's parent. */
export class LaterCursor implements CandidateCursor {
  private readonly cursor: Arriving<CandidateCursor>;

  constructor(cursor: Soon<CandidateCursor>) {
    this.cursor = new Arriving(readAhead(cursor));
  }

  next(): Soon<NoteRecord | undefined> {
    return andThen(this.cursor.get(), (cursor) => cursor.next());
  }
}
