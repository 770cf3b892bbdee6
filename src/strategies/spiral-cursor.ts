import type { CandidateCursor, Next } from './candidate-cursor.js';
import { whenRead } from './when-read.js';

/** Nearest prior, nearest younger, second prior, … ; a side that runs out is skipped. */
export class SpiralCursor implements CandidateCursor {
  /** The sides that have not run out, the one whose turn it is first. */
  private readonly sides: CandidateCursor[];

  constructor(prior: CandidateCursor, younger: CandidateCursor) {
    this.sides = [prior, younger];
  }

  next(): Next {
    const side = this.sides[0];
    if (!side) return undefined;
    return whenRead(side.next(), (note) => {
      this.sides.shift();
      if (!note) return this.next();
      this.sides.push(side);
      return note;
    });
  }
}
