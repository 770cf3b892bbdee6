/**
 * A value at hand, or a promise of it when it must be read first. Candidates are offered this
 * way: most come from a page already read, and passing them on at once, rather than as a promise
 * at every layer between the page and the iteration, is most of the cost of a walk in memory
 * (a hub's walk offers thousands). Whoever needs a promise awaits it; awaiting a value is fine.
 */
export type Soon<T> = T | Promise<T>;

export function isPromise<T>(soon: Soon<T>): soon is Promise<T> {
  return soon instanceof Promise;
}

/** `then` that runs at once on a value at hand. */
export function andThen<T, U>(soon: Soon<T>, next: (value: T) => Soon<U>): Soon<U> {
  return isPromise(soon) ? soon.then(next) : next(soon);
}

/**
 * A promise that also says what it resolved to, once it has: `value` is undefined until then.
 * A rejection stays with the promise, for whoever awaits it (see `readAhead`).
 */
export class Settling<T> {
  value: T | undefined;

  constructor(readonly promise: Promise<T>) {
    promise.then(
      (value) => (this.value = value),
      () => {},
    );
  }
}
