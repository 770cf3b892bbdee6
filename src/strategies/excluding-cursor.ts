import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';
import { isPromise, type Soon } from './soon.js';

/** Skips one note, e.g. a referring note among the children of its own subject. */
export class ExcludingCursor implements CandidateCursor {
  constructor(
    private readonly inner: CandidateCursor,
    private readonly excludedId: number,
  ) {}

  next(): Soon<NoteRecord | undefined> {
    for (;;) {
      const candidate = this.inner.next();
      if (isPromise(candidate)) return candidate.then((found) => (found?.id === this.excludedId ? this.next() : found));
      if (candidate?.id !== this.excludedId) return candidate;
    }
  }
}
