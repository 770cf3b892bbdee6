import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';

/** Candidates already at hand, such as the focus note's parent or its own contextual path. */
export class ListCursor implements CandidateCursor {
  private index = 0;

  constructor(private readonly notes: readonly NoteRecord[]) {}

  next(): NoteRecord | undefined {
    return this.notes[this.index++];
  }
}
