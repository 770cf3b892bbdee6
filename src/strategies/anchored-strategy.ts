import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';

/**
 * A relation fed by reached notes (spec section 3, the dependency queue): anchors in the order
 * they were reached, and a cursor that walks them round and round, taking one candidate from
 * each in turn. A new anchor is appended, so it is reached before the cursor wraps; an anchor
 * with nothing left is dropped.
 */
export class AnchoredStrategy {
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

  async next(): Promise<NoteRecord | undefined> {
    while (this.anchors.length > 0) {
      if (this.cursor >= this.anchors.length) this.cursor = 0;
      const candidate = this.took(await this.anchors[this.cursor]!.candidates.next());
      if (candidate) return candidate;
    }
    return undefined;
  }

  /** Moves on from the current anchor: past it when it offered `candidate`, dropping it when it had none. */
  private took(candidate: NoteRecord | undefined): NoteRecord | undefined {
    if (candidate) {
      this.lastAnchor = this.anchors[this.cursor]!.anchor;
      // Wrapping waits for the next ask: an anchor fed meanwhile is reached before the wrap.
      this.cursor += 1;
      return candidate;
    }
    // Dropping the anchor leaves the cursor on the one that followed it.
    this.anchors.splice(this.cursor, 1);
    return undefined;
  }
}
