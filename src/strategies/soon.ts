/**
 * A value at hand, or a promise of it when it must be read first. Reads from a store held in
 * memory answer at once, and candidates mostly come from a page already read: passing them on
 * as they are, rather than as a promise at every layer between the store and the iteration, is
 * most of the cost of a walk in memory (a hub's walk offers thousands). Whoever needs a promise
 * awaits it; awaiting a value is fine.
 */
export type Soon<T> = T | Promise<T>;

export function isPromise<T>(soon: Soon<T>): soon is Promise<T> {
  return soon instanceof Promise;
}

/** `then` that runs at once on a value at hand. */
export function andThen<T, U>(soon: Soon<T>, next: (value: T) => Soon<U>): Soon<U> {
  return isPromise(soon) ? soon.then(next) : next(soon);
}
