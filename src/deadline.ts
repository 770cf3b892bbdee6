import { BuildAborted, BuildTimeout } from './errors.js';
import type { NotePricing } from './budget/note-pricing.js';
import type { NoteReader } from './store/note-store.js';
import type { ExtendedReadRequest } from './store/extended-read-request.js';
import type { ReadRequest } from './store/read-request.js';
import type { Strategies } from './strategies/strategies.js';

/**
 * The longest stretch a walk holds the event loop before it lets other work run, give or take a
 * step (and a garbage collection) past it.
 */
const YIELD_EVERY_MS = 2;

/**
 * Steps a walk may take without reading the clock, when none of them counted tokens: such a step
 * does little (a walk past a hub takes thousands, and reading the clock was a tenth of their
 * time). A step that counted tokens, which may take long, is followed by a reading.
 */
const MOST_UNTIMED_STEPS = 16;

/**
 * One build's deadline: its `timeoutMs` and the caller's signal, as one signal for the store
 * (which gives up reads and destroys the connection it holds) and a check for the walk.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onCallerAbort: () => void;
  private readonly endsAt: number;
  private lastYield = performance.now();
  /** Steps since the walk last read the clock. */
  private untimedSteps = 0;
  /** Why the build ended, once it has: read at every step, cheaper than the signal's getters. */
  private reason: Error | undefined;
  /** The waits `race` holds, each rejected once the build ends. */
  private readonly racing = new Set<(reason: Error) => void>();

  constructor(
    private readonly timeoutMs: number,
    private readonly caller: AbortSignal | undefined,
  ) {
    this.endsAt = performance.now() + timeoutMs;
    this.timer = setTimeout(() => this.end(new BuildTimeout(timeoutMs)), timeoutMs);
    this.timer.unref?.();
    this.onCallerAbort = () => this.end(new BuildAborted({ cause: caller?.reason }));
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * Throws the build's typed error once the deadline passed or the caller aborted. It reads the
   * clock itself: a walk over notes already in memory never gives the timer its turn.
   */
  check(now = performance.now()): void {
    if (this.reason === undefined && now >= this.endsAt) this.end(new BuildTimeout(this.timeoutMs));
    if (this.reason !== undefined) throw this.reason;
  }

  /** Ends the build: aborts the signal the store holds, and fails the walk's next check. */
  private end(reason: Error): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    for (const reject of this.racing) reject(reason);
    this.racing.clear();
    this.controller.abort(reason);
  }

  /**
   * Lets the event loop run (timers, I/O, other requests, a caller's abort), once the walk has held
   * it for a few milliseconds (`breathDue`): reads answered from memory resolve at once, and a long
   * walk would otherwise block the process until it ends.
   */
  private breathe(): Promise<void> {
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.lastYield = performance.now();
    });
  }

  /** Waits for `promise`, or rejects as soon as the deadline passes. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.reason !== undefined) return Promise.reject(this.reason);
    return new Promise<T>((resolve, reject) => {
      this.racing.add(reject);
      promise.then(
        (value) => (this.racing.delete(reject), resolve(value)),
        (error: unknown) => (this.racing.delete(reject), reject(this.reason ?? error)),
      );
    });
  }

  /**
   * The strategies, each step checked against the deadline (the clock read before a step that
   * follows one that counted tokens, and at least every {@link MOST_UNTIMED_STEPS}
   * steps): a long walk in memory stops too, and lets other work run every few milliseconds, but
   * only while `quiet` says no read is waiting to go out or is out. A breath then cannot split a
   * batch or let the walk run on while one is out, so the batches a build sends depend on the
   * notebook and the options alone, never on the clock or the store's latency.
   */
  guard(strategies: Strategies, quiet: () => boolean = () => true): Strategies {
    return {
      ...strategies,
      next: (relation) => {
        if (++this.untimedSteps < MOST_UNTIMED_STEPS && this.reason === undefined) return strategies.next(relation);
        this.untimedSteps = 0;
        const now = performance.now();
        if (this.breathDue(now) && quiet()) {
          return this.breathe().then(() => {
            this.check();
            return strategies.next(relation);
          });
        }
        this.check(now);
        return strategies.next(relation);
      },
    };
  }

  /**
   * The pricing that counts tokens, each count followed by a reading of the clock at the walk's
   * next step: counting a long note takes long.
   */
  guardPricing(pricing: NotePricing): NotePricing {
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

  /** Whether the walk has held the event loop long enough to let other work run. */
  private breathDue(now: number): boolean {
    return now - this.lastYield >= YIELD_EVERY_MS;
  }

  /**
   * The reader, each batch raced against the deadline: a store that stops answering cannot hold
   * the build. Once it is closed, a batch asked for before and sent after (a page read ahead that
   * the walk, now ended, never took) is not sent: each of its requests finds nothing.
   */
  guardReader(reader: NoteReader): NoteReader {
    return racedReader(reader, this);
  }

  clear(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

/** A reader whose batches are raced against a deadline; what it answers at once passes through. */
function racedReader(reader: NoteReader, deadline: Deadline): NoteReader {
  let closed = false;
  // A batch asked for before the reader closed and sent after finds nothing.
  const raced = <R, T>(read: (requests: readonly R[]) => Promise<readonly T[]>) => (requests: readonly R[]): Promise<readonly T[]> =>
    closed ? Promise.resolve(requests.map(() => [] as unknown as T)) : deadline.race(read(requests));
  return {
    read: raced((requests: readonly ReadRequest[]) => reader.read(requests)),
    ...(reader.readExtended && { readExtended: raced((requests: readonly ExtendedReadRequest[]) => reader.readExtended!(requests)) }),
    ...(reader.readNow && { readNow: reader.readNow.bind(reader) }),
    get roundTrips() {
      return reader.roundTrips;
    },
    close: () => {
      closed = true;
      return reader.close();
    },
  };
}
