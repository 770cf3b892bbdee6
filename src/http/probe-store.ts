import { httpErrorOf } from './http-error.js';

/** Why the store cannot serve a build now, in words for clients; undefined when `check` resolved within `withinMs`. */
export async function probeStore(check: () => Promise<void>, withinMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`the store did not answer within ${withinMs} ms`), withinMs)));
  try {
    return await Promise.race([check().then(() => undefined, (error: unknown) => httpErrorOf(error).message), late]);
  } finally {
    clearTimeout(timer);
  }
}
