/** `work`, or a rejection with `signal.reason` as soon as the signal aborts; a later value goes to `late`. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, late: (value: T) => void): Promise<T> {
  if (!signal) return work;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      work.then(late, () => undefined);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
