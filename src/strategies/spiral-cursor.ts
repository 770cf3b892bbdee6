import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';

/** Nearest prior, nearest younger, second prior, … ; a side that runs out is skipped. */
export class SpiralCursor implements CandidateCursor {
  private takePrior = true;
  private priorDone = false;
  private youngerDone = false;

  constructor(
    private readonly prior: CandidateCursor,
    private readonly younger: CandidateCursor,
  ) {}

  async next(): Promise<NoteRecord | undefined> {
    while (!(this.priorDone && this.youngerDone)) {
      const fromPrior = this.youngerDone || (this.takePrior && !this.priorDone);
      this.takePrior = !fromPrior;
      const candidate = await (fromPrior ? this.prior : this.younger).next();
      if (candidate) return candidate;
      if (fromPrior) this.priorDone = true;
      else this.youngerDone = true;
    }
    return undefined;
  }
}
