import { isPromise, type Soon } from './soon.js';

/**
 * Marks a read made ahead of need. A build that ends early never awaits some of them, and such a
 * read failing (say, after the reader closed) is no error of the build; one that is awaited still
 * rejects where it is awaited. The one place that knows this.
 */
export function readAhead<T>(soon: Promise<T>): Promise<T>;
export function readAhead<T>(soon: Soon<T>): Soon<T>;
export function readAhead<T>(soon: Soon<T>): Soon<T> {
  if (isPromise(soon)) soon.catch(() => {});
  return soon;
}
