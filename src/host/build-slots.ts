import { ServiceBusy } from './service-error.js';

/**
 * Bounds the builds (and searches) a service runs at once. A slot is held until the work itself
 * ends, not until its caller stops waiting, so the bound is on the database's real load: a build
 * stops at its caller's deadline or abort and frees its slot then; a search, which cannot be
 * stopped, keeps its slot until it ends (the store's statement timeout bounds it).
 */
export class BuildSlots {
  private running = 0;
  private waiters: (() => void)[] = [];

  constructor(readonly max: number) {}

  get inFlight(): number {
    return this.running;
  }

  /** Starts `work` in a free slot, or throws `ServiceBusy` at once when none is free. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) throw new ServiceBusy(`too many requests at once (${this.max}); retry shortly`);
    this.running++;
    const started = Promise.resolve().then(work);
    started.then(this.release, this.release);
    return started;
  }

  /** Resolves once no work is running. */
  drained(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  private readonly release = (): void => {
    this.running--;
    if (this.running === 0) for (const resolve of this.waiters.splice(0)) resolve();
  };
}
