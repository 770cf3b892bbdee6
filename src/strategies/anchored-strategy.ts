import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor, Next } from './candidate-cursor.js';
import { whenRead } from './when-read.js';

/**
 * A relation fed by reached notes (spec section 3, the dependency queue): anchors in the order
 * they were reached, and a cursor that walks them round and round, taking one candidate from
 * each in turn. A new anchor is appended, so it is reached before the cursor wraps; an anchor
 * with nothing left is dropped.
 */
export class AnchoredStrategy implements CandidateCursor {
  private readonly anchors: { readonly anchor: NoteRecord; readonly candidates: CandidateCursor }[] = [];
  private cursor = 0;
  private lastAnchor: NoteRecord | undefined;

  constructor(private readonly candidatesOf: (anchor: NoteRecord) => CandidateCursor) {}

  feed(anchor: NoteRecord): void {
    this.anchors.push({ anchor, candidates: this.candidatesOf(anchor) });
  }

  /** The anchor that offered the candidate `next` gave last. */
  get anchor(): NoteRecord | undefined {
    return this.lastAnchor;
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
      this.lastAnchor = anchor;
      // Wrapping waits for the next ask: an anchor fed meanwhile is reached before the wrap.
      this.cursor += 1;
      return candidate;
    });
  }
}
