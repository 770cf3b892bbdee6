import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';

/** Skips one note, e.g. a referring note among the children of its own subject. */
export class ExcludingCursor implements CandidateCursor {
  constructor(
    private readonly inner: CandidateCursor,
    private readonly excludedId: number,
  ) {}

  take(): NoteRecord | undefined {
    const candidate = this.inner.take();
    return candidate?.id === this.excludedId ? this.inner.take() : candidate;
  }

  more(): Promise<boolean> {
    return this.inner.more();
  }
}
