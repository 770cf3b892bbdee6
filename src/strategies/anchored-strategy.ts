import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor, Next } from './candidate-cursor.js';
import { whenRead } from './when-read.js';

/**
 * A relation fed by reached notes (spec section 3, the dependency queue): a cursor takes one candidate from each anchor
 * in turn, round and round; a new anchor is appended, so it is reached before the cursor wraps.
 */
export class AnchoredStrategy implements CandidateCursor {
  private readonly anchors: { readonly anchor: NoteRecord; readonly candidates: CandidateCursor }[] = [];
  private cursor = 0;
  /** The anchor that offered the candidate `next` gave last. */
  anchor: NoteRecord | undefined;

  constructor(private readonly candidatesOf: (anchor: NoteRecord) => CandidateCursor) {}

  feed(anchor: NoteRecord): void {
    this.anchors.push({ anchor, candidates: this.candidatesOf(anchor) });
  }

  /** The next candidate of the anchor under the cursor; an anchor with none left is dropped, and the next one asked. */
  next(): Next {
    if (this.anchors.length === 0) return undefined;
    if (this.cursor >= this.anchors.length) this.cursor = 0;
    const { anchor, candidates } = this.anchors[this.cursor]!;
    return whenRead(candidates.next(), (candidate) => {
      if (!candidate) {
        // Dropping the anchor leaves the cursor on the one that followed it.
        this.anchors.splice(this.cursor, 1);
        return this.next();
      }
      this.anchor = anchor;
      // Wrapping waits for the next ask: an anchor fed meanwhile is reached before the wrap.
      this.cursor += 1;
      return candidate;
    });
  }
}
