import { ServiceBusy } from './service-error.js';

export const DEFAULT_MAX_BUILDS = 8;
export const DEFAULT_QUEUE = 256;
export const DEFAULT_QUEUE_WAIT_MS = 5_000;
/** The longest `--timeout-ms` and `--queue-wait-ms` a service takes: one day, well below Node's 2^31 − 1 ms timer limit. */
export const MAX_SERVICE_TIMEOUT_MS = 86_400_000;

/** At most `max` works at once, `queue` more waiting up to `waitMs`; a slot is held until the work ends, not its caller's wait. */
export class BuildSlots {
  readonly max: number;
  readonly queue: number;
  readonly waitMs: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private drainWaiters: (() => void)[] = [];

  constructor(options: { readonly max: number; readonly queue?: number; readonly waitMs?: number }) {
    ({ max: this.max, queue: this.queue = DEFAULT_QUEUE, waitMs: this.waitMs = DEFAULT_QUEUE_WAIT_MS } = options);
  }

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` in a free slot, once there is one; rejects as the class says, or with `signal`'s reason if it aborts first. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.running >= this.max) await this.waitForSlot(signal);
    else this.running++;
    const started = Promise.resolve().then(work);
    started.then(this.release, this.release);
    return started;
  }

  drained(): Promise<void> {
    return this.running === 0 && this.waiting.length === 0 ? Promise.resolve() : new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  private waitForSlot(signal: AbortSignal | undefined): Promise<void> {
    if (this.waiting.length >= this.queue) {
      return Promise.reject(new ServiceBusy(`too many requests at once (${this.max} running, ${this.queue} waiting); retry shortly`));
    }
    return new Promise<void>((resolve, reject) => {
      const leave = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
      };
      const start = (): void => {
        leave();
        resolve();
      };
      const refuse = (reason: unknown): void => {
        leave();
        reject(reason);
        this.notifyIfDrained();
      };
      const onAbort = (): void => refuse(signal?.reason);
      const timer = setTimeout(() => refuse(new ServiceBusy(`no free slot within ${this.waitMs} ms (${this.max} running); retry shortly`)), this.waitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(start);
    });
  }

  private readonly release = (): void => {
    // The slot passes straight to the first waiter, so a newcomer cannot overtake the queue.
    const next = this.waiting[0];
    if (next) return next();
    this.running--;
    this.notifyIfDrained();
  };

  private notifyIfDrained(): void {
    if (this.running === 0 && this.waiting.length === 0) for (const resolve of this.drainWaiters.splice(0)) resolve();
  }
}
