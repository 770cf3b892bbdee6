import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';

/** A cursor made once its inputs have been read, e.g. the siblings of the object's parent. */
export class LaterCursor implements CandidateCursor {
  private cursor: CandidateCursor | undefined;

  constructor(private readonly make: () => Promise<CandidateCursor>) {}

  take(): NoteRecord | undefined {
    return this.cursor?.take();
  }

  more(): Promise<boolean> {
    if (this.cursor) return this.cursor.more();
    return this.make().then((cursor) => (this.cursor ??= cursor).more());
  }
}
