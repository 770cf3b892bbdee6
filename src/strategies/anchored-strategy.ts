import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';

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

  /** The anchor that offered the candidate `take` gave last. */
  get anchor(): NoteRecord | undefined {
    return this.lastAnchor;
  }

  /** The next candidate at hand: the current anchor's, if it has one at hand. */
  take(): NoteRecord | undefined {
    if (this.anchors.length === 0) return undefined;
    if (this.cursor >= this.anchors.length) this.cursor = 0;
    const { anchor, candidates } = this.anchors[this.cursor]!;
    const candidate = candidates.take();
    if (candidate) {
      this.lastAnchor = anchor;
      // Wrapping waits for the next ask: an anchor fed meanwhile is reached before the wrap.
      this.cursor += 1;
    }
    return candidate;
  }

  /** Waits until the current anchor has a candidate at hand, dropping the anchors that have none left. */
  async more(): Promise<boolean> {
    while (this.anchors.length > 0) {
      if (this.cursor >= this.anchors.length) this.cursor = 0;
      if (await this.anchors[this.cursor]!.candidates.more()) return true;
      // Dropping the anchor leaves the cursor on the one that followed it.
      this.anchors.splice(this.cursor, 1);
    }
    return false;
  }
}
