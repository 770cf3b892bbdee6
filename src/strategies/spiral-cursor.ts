import type { NoteRecord } from '../model/note-record.js';
import type { CandidateCursor } from './candidate-cursor.js';
import { isPromise, type Soon } from './soon.js';

/** Nearest prior, nearest younger, second prior, … ; a side that runs out is skipped. */
export class SpiralCursor implements CandidateCursor {
  private takePrior = true;
  private priorDone = false;
  private youngerDone = false;

  constructor(
    private readonly prior: CandidateCursor,
    private readonly younger: CandidateCursor,
  ) {}

  next(): Soon<NoteRecord | undefined> {
    while (!(this.priorDone && this.youngerDone)) {
      const fromPrior = this.youngerDone || (this.takePrior && !this.priorDone);
      this.takePrior = !fromPrior;
      const offered = (fromPrior ? this.prior : this.younger).next();
      if (isPromise(offered)) return offered.then((candidate) => this.took(candidate, fromPrior) ?? this.next());
      if (this.took(offered, fromPrior)) return offered;
    }
    return undefined;
  }

  /** Marks a side done when it offered nothing. */
  private took(candidate: NoteRecord | undefined, fromPrior: boolean): NoteRecord | undefined {
    if (!candidate) {
      if (fromPrior) this.priorDone = true;
      else this.youngerDone = true;
    }
    return candidate;
  }
}
