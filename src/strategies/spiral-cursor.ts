import type { CandidateCursor, Next } from './candidate-cursor.js';
import { whenRead } from './when-read.js';

/** Nearest prior, nearest younger, second prior, … ; a side that runs out is skipped. */
export class SpiralCursor implements CandidateCursor {
  private takePrior = true;
  private priorDone = false;
  private youngerDone = false;

  constructor(private readonly prior: CandidateCursor, private readonly younger: CandidateCursor) {}

  next(): Next {
    if (this.priorDone && this.youngerDone) return undefined;
    // The prior side's turn, unless it ran out; or the younger side ran out.
    const fromPrior = this.youngerDone || (this.takePrior && !this.priorDone);
    return whenRead((fromPrior ? this.prior : this.younger).next(), (note) => {
      if (note) {
        this.takePrior = !fromPrior;
        return note;
      }
      if (fromPrior) this.priorDone = true;
      else this.youngerDone = true;
      return this.next();
    });
  }
}
