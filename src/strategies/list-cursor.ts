import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';

/** Candidates known in one go, such as an ancestor chain or a single parent, read when first asked for. */
export class ListCursor implements CandidateCursor {
  private index = 0;
  private notes: readonly NoteRecord[] | undefined;

  constructor(private readonly read: () => Promise<readonly NoteRecord[]> | readonly NoteRecord[]) {}

  static of(notes: readonly NoteRecord[]): ListCursor {
    return new ListCursor(() => notes);
  }

  next(): Promise<NoteRecord | undefined> {
    return this.notes ? Promise.resolve(this.notes[this.index++]) : this.first();
  }

  private async first(): Promise<NoteRecord | undefined> {
    this.notes ??= await this.read();
    return this.notes[this.index++];
  }
}
