import type { NoteRecord } from '../model/note-record.js';
import { AT_HAND, NONE_LEFT, type CandidateCursor } from './candidate-cursor.js';

/** Candidates known in one go, such as an ancestor chain or a single parent, read when first waited for. */
export class ListCursor implements CandidateCursor {
  private index = 0;

  constructor(
    private readonly read: () => Promise<readonly NoteRecord[]>,
    private notes?: readonly NoteRecord[],
  ) {}

  /** A list already at hand. */
  static of(notes: readonly NoteRecord[]): ListCursor {
    return new ListCursor(async () => notes, notes);
  }

  take(): NoteRecord | undefined {
    const notes = this.notes;
    return notes && this.index < notes.length ? notes[this.index++] : undefined;
  }

  more(): Promise<boolean> {
    if (this.notes) return this.index < this.notes.length ? AT_HAND : NONE_LEFT;
    return this.read().then((notes) => (this.notes ??= notes).length > this.index);
  }
}
