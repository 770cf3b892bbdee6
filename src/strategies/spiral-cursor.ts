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

  take(): NoteRecord | undefined {
    if (this.priorDone && this.youngerDone) return undefined;
    const fromPrior = this.fromPrior();
    const candidate = (fromPrior ? this.prior : this.younger).take();
    if (candidate) this.takePrior = !fromPrior;
    return candidate;
  }

  async more(): Promise<boolean> {
    while (!(this.priorDone && this.youngerDone)) {
      const fromPrior = this.fromPrior();
      if (await (fromPrior ? this.prior : this.younger).more()) return true;
      if (fromPrior) this.priorDone = true;
      else this.youngerDone = true;
    }
    return false;
  }

  /** Whether the next candidate is the prior side's: its turn, or the younger side ran out. */
  private fromPrior(): boolean {
    return this.youngerDone || (this.takePrior && !this.priorDone);
  }
}
