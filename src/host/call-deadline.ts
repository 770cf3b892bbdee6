/** A call's signal or deadline as one signal; not `AbortSignal.any`'s, which may be garbage-collected before it fires. */
export class CallDeadline {
  private readonly controller = new AbortController();
  readonly signal: AbortSignal = this.controller.signal;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = () => this.controller.abort(this.caller?.reason);
  readonly startedAt = performance.now();

  constructor(private readonly caller: AbortSignal | undefined, private readonly timeoutMs: number | undefined) {
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    if (timeoutMs !== undefined) {
      this.timer = setTimeout(() => this.controller.abort(new DOMException('the request did not finish in time', 'TimeoutError')), timeoutMs);
    }
  }

  remainingMs(): number | undefined {
    if (this.timeoutMs === undefined) return undefined;
    return Math.max(1, Math.ceil(this.timeoutMs - (performance.now() - this.startedAt)));
  }

  /** `work`, or a rejection with the signal's reason once it aborts; the work left behind still ends on its own. */
  race<T>(work: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const abort = () => reject(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  }

  clear(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
