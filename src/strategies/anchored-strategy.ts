import type { NoteRecord } from '../model/note-record.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { Candidate, CandidateCursor } from './candidate-cursor.js';
import type { Strategy } from './strategy.js';

/**
 * A relation fed by reached notes (spec section 3, the dependency queue): anchors in the order
 * they were reached, and a cursor that walks them round and round, taking one candidate from
 * each in turn. An anchor with nothing left is dropped.
 */
export class AnchoredStrategy implements Strategy {
  private readonly anchors: CandidateCursor[] = [];
  private cursor = 0;

  constructor(
    readonly relation: RelatedRelation,
    private readonly candidatesOf: (anchor: NoteRecord) => CandidateCursor,
  ) {}

  /**
   * Starts the reads an anchor would need, without making it one: a note seen on a feeding
   * relation's page is likely to be reached, and its reads then ride in an early batch.
   */
  warm(anchor: NoteRecord): void {
    this.candidatesOf(anchor);
  }

  feed(anchor: NoteRecord): void {
    // Made now, so that its first read joins the store's next batch.
    this.anchors.push(this.candidatesOf(anchor));
  }

  async next(): Promise<Candidate | undefined> {
    while (this.anchors.length > 0) {
      if (this.cursor >= this.anchors.length) this.cursor = 0;
      const candidate = await this.anchors[this.cursor]!.next();
      if (candidate) {
        // Wrapping waits for the next ask: an anchor fed meanwhile is reached before the wrap.
        this.cursor += 1;
        return candidate;
      }
      // Dropping the anchor leaves the cursor on the one that followed it.
      this.anchors.splice(this.cursor, 1);
    }
    return undefined;
  }
}
