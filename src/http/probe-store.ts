import { httpErrorOf } from './http-error.js';

/**
 * Why the store cannot serve a build now, in words for clients (`cannot reach the database`,
 * `the store did not answer within 300 ms`); undefined when `check` resolved within `withinMs`.
 * A probe answers in time whatever the store does.
 */
export async function probeStore(check: () => Promise<void>, withinMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the store did not answer within ${withinMs} ms`), withinMs);
  });
  try {
    return await Promise.race([check().then(() => undefined, (error: unknown) => httpErrorOf(error).message), late]);
  } finally {
    clearTimeout(timer);
  }
}
