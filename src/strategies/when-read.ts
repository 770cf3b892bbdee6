/**
 * `then` for a value that may still be read: `use` is applied at once to a value at hand, and
 * once it is read to a promise, so a cursor over notes at hand answers without waiting.
 */
export function whenRead<T, U>(value: T | Promise<T>, use: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(use) : use(value);
}
