import type { NotePricing } from '../budget/note-pricing.js';
import type { Deadline } from '../deadline.js';
import type { Strategies } from '../strategies/strategies.js';

/** The longest stretch a walk holds the event loop before it lets other work run, give or take a step. */
const YIELD_EVERY_MS = 2;

/** Steps a walk may take without reading the clock if none counted tokens: reading it was a tenth of a hub's walk. */
const MOST_UNTIMED_STEPS = 16;

/**
 * When a walk checks its deadline and lets other work run (a walk in memory never waits): only while `quiet` says no
 * read is waiting or out, so a breath cannot split a batch and batches depend on the notebook and options alone.
 */
export class WalkPace {
  private lastYield = performance.now();
  private untimedSteps = 0;

  constructor(private readonly deadline: Deadline) {}

  /** The strategies, each step paced. */
  strategies(strategies: Strategies, quiet: () => boolean = () => true): Strategies {
    return {
      ...strategies,
      next: (relation) => {
        if (++this.untimedSteps < MOST_UNTIMED_STEPS && !this.deadline.ended) return strategies.next(relation);
        this.untimedSteps = 0;
        const now = performance.now();
        if (now - this.lastYield >= YIELD_EVERY_MS && quiet()) {
          // Lets the event loop run: timers, I/O, other requests, a caller's abort.
          return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
            this.lastYield = performance.now();
            this.deadline.check();
            return strategies.next(relation);
          });
        }
        this.deadline.check(now);
        return strategies.next(relation);
      },
    };
  }

  /** The pricing, each count of tokens followed by a reading of the clock at the next step: counting a long note takes long. */
  pricing(pricing: NotePricing): NotePricing {
    return {
      notePrice: (note, relation, result, form) => {
        this.untimedSteps = MOST_UNTIMED_STEPS;
        return pricing.notePrice(note, relation, result, form);
      },
      entryCost: (entry, result) => {
        this.untimedSteps = MOST_UNTIMED_STEPS;
        return pricing.entryCost(entry, result);
      },
    };
  }
}
