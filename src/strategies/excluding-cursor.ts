import type { CandidateCursor, Next } from './candidate-cursor.js';
import { whenRead } from './when-read.js';

/** Skips one note, e.g. a referring note among the children of its own subject. */
export class ExcludingCursor implements CandidateCursor {
  constructor(
    private readonly inner: CandidateCursor,
    private readonly excludedId: number,
  ) {}

  next(): Next {
    return whenRead(this.inner.next(), (candidate) => (candidate?.id === this.excludedId ? this.inner.next() : candidate));
  }
}
