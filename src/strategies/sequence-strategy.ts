import type { NoteRecord } from '../model/note-record.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { PASSED_OVER, type Candidate, type CandidateCursor } from './candidate-cursor.js';
import type { Strategy } from './strategy.js';

/** Where a note would stand in a relation's order, if the relation offers it at all. */
export interface OfferOrder {
  /** Whether the relation offers `note` at some point. */
  offers(note: NoteRecord): boolean;
  /** Negative when `a` is offered before `b`. */
  compare(a: NoteRecord, b: NoteRecord): number;
}

/** A relation fed at the start: one cursor over the focus note's neighbourhood. */
export class SequenceStrategy implements Strategy {
  private lastOffered: NoteRecord | undefined;
  private done = false;

  constructor(
    readonly relation: RelatedRelation,
    private readonly cursor: CandidateCursor,
    private readonly order?: OfferOrder,
  ) {}

  async next(): Promise<Candidate | undefined> {
    const note = await this.cursor.next();
    if (note === undefined) this.done = true;
    else if (note !== PASSED_OVER) this.lastOffered = note;
    return note;
  }

  mayStillOffer(note: NoteRecord): boolean {
    if (!this.order) throw new Error(`${this.relation} does not know its offer order`);
    if (this.done || !this.order.offers(note)) return false;
    return this.lastOffered === undefined || this.order.compare(this.lastOffered, note) < 0;
  }

  compareOffers(a: NoteRecord, b: NoteRecord): number {
    return this.order ? this.order.compare(a, b) : 0;
  }
}
