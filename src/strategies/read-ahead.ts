/**
 * Marks a read made ahead of need. A build that ends early never awaits some of them, and such a
 * read failing (say, after the reader closed) is no error of the build; one that is awaited still
 * rejects where it is awaited. The one place that knows this.
 */
export function readAhead<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
