import { isPromise, type Soon } from './soon.js';

/**
 * A value that may still be on its way, held so that once it has arrived it is at hand without
 * waiting, whether or not anyone was waiting for it. A rejection stays with the promise, for
 * whoever awaits it (see `readAhead`).
 */
export class Arriving<T> {
  private arrived = false;
  private value: T | undefined;
  private readonly promise: Promise<T> | undefined;

  constructor(soon: Soon<T>) {
    if (isPromise(soon)) {
      this.promise = soon;
      soon.then(
        (value) => {
          this.value = value;
          this.arrived = true;
        },
        () => {},
      );
    } else {
      this.value = soon;
      this.arrived = true;
    }
  }

  /** The value, at once when it has arrived. */
  get(): Soon<T> {
    return this.arrived ? (this.value as T) : this.promise!;
  }
}
