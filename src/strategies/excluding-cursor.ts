import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';

/** Skips one note, e.g. a referring note among the children of its own subject. */
export class ExcludingCursor implements CandidateCursor {
  constructor(
    private readonly inner: CandidateCursor,
    private readonly excludedId: number,
  ) {}

  async next(): Promise<NoteRecord | undefined> {
    const candidate = await this.inner.next();
    return candidate?.id === this.excludedId ? this.inner.next() : candidate;
  }
}
