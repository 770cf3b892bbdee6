/** `then` for a value that may still be read: applied at once to a value at hand, so a cursor over notes at hand never waits. */
export function whenRead<T, U>(value: T | Promise<T>, use: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(use) : use(value);
}
