import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';
import { readAhead } from './read-ahead.js';
import { andThen, isPromise, type Soon } from './soon.js';
import { Arriving } from './arriving.js';

/** Candidates known in one go, such as an ancestor chain or a single parent. */
export class ListCursor implements CandidateCursor {
  private index = 0;
  private readonly notes: Arriving<readonly NoteRecord[]>;

  constructor(notes: Soon<readonly NoteRecord[]>) {
    this.notes = new Arriving(readAhead(notes));
  }

  static of(note: Soon<NoteRecord | undefined> | undefined): ListCursor {
    return new ListCursor(andThen(note, (found) => (found ? [found] : [])));
  }

  next(): Soon<NoteRecord | undefined> {
    const notes = this.notes.get();
    if (isPromise(notes)) return notes.then(() => this.next());
    return notes[this.index++];
  }
}
