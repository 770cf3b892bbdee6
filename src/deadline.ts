import { BuildAborted, BuildTimeout } from './note-context-error.js';
import type { NoteReader } from './store/note-store.js';

/** Why a deadline ends: its time is up, or its caller aborted (with the caller's reason). */
export interface DeadlineEnds {
  timedOut(timeoutMs: number): unknown;
  aborted(callerReason: unknown): unknown;
}

const BUILD_ENDS: DeadlineEnds = { timedOut: (timeoutMs) => new BuildTimeout(timeoutMs), aborted: (cause) => new BuildAborted({ cause }) };

/**
 * One build's deadline: its `timeoutMs` and the caller's signal as one signal for the store (which gives up reads and
 * its connection), a check for the walk (`WalkPace` says when) and a race for what the build waits on. Not
 * `AbortSignal.any`'s signal, which may be garbage-collected before it fires; a service's call has one too, with its own `ends`.
 */
export class Deadline {
  private readonly controller = new AbortController();
  readonly signal: AbortSignal = this.controller.signal;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = (): void => this.end(this.ends.aborted(this.caller?.reason));
  private readonly endsAt: number;
  /** Why the build ended, once it has: read at every step, cheaper than the signal's getters. */
  private reason: unknown;
  /** The waits `race` holds, each rejected once the build ends. */
  private readonly racing = new Set<(reason: unknown) => void>();

  constructor(private readonly timeoutMs: number | undefined, private readonly caller: AbortSignal | undefined, private readonly ends = BUILD_ENDS) {
    this.endsAt = performance.now() + (timeoutMs ?? Infinity);
    if (timeoutMs !== undefined) {
      this.timer = setTimeout(() => this.end(ends.timedOut(timeoutMs)), timeoutMs);
      this.timer.unref?.();
    }
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  /** The time left, at least 1 ms; none without a timeout. */
  remainingMs(): number | undefined {
    return this.timeoutMs === undefined ? undefined : Math.max(1, Math.ceil(this.endsAt - performance.now()));
  }

  /** Throws the build's typed error once the deadline passed or the caller aborted; reads the clock, as a walk in memory starves the timer. */
  check(now = performance.now()): void {
    if (this.reason === undefined && now >= this.endsAt) this.end(this.ends.timedOut(this.timeoutMs!));
    if (this.reason !== undefined) throw this.reason;
  }

  /** Whether the build has ended: a test cheap enough for every step of a walk. */
  get ended(): boolean {
    return this.reason !== undefined;
  }

  /** Ends the build: aborts the signal the store holds, and fails the walk's next check. */
  private end(reason: unknown): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    for (const reject of this.racing) reject(reason);
    this.racing.clear();
    this.controller.abort(reason);
  }

  /** Waits for `promise`, or rejects as soon as the deadline passes. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.reason !== undefined) return Promise.reject(this.reason);
    return new Promise<T>((resolve, reject) => {
      this.racing.add(reject);
      promise.then(
        (value) => (this.racing.delete(reject), resolve(value)),
        (error: unknown) => {
          this.racing.delete(reject);
          // A failure that comes once the time is up, before the timer has run (a statement the server stopped at the
          // same limit, which started after the build did), is the build running out of time.
          if (this.reason === undefined && performance.now() >= this.endsAt) this.end(this.ends.timedOut(this.timeoutMs!));
          reject(this.reason ?? error);
        },
      );
    });
  }

  /**
   * The reader, each batch raced against the deadline, so a store that stops answering cannot hold the build. Once it
   * is closed, a batch asked for before and sent after (a page read ahead the walk never took) finds nothing.
   */
  guardReader(reader: NoteReader): NoteReader {
    let closed = false;
    const raced = <R, T>(read: (requests: readonly R[]) => Promise<readonly T[]>) => (requests: readonly R[]): Promise<readonly T[]> =>
      closed ? Promise.resolve(requests.map(() => [] as unknown as T)) : this.race(read(requests));
    return {
      read: raced(reader.read.bind(reader)),
      ...(reader.readExtended && { readExtended: raced(reader.readExtended.bind(reader)) }),
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

  clear(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
