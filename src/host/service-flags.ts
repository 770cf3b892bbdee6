import { createRequire } from 'node:module';
import { ValidationError } from '../errors.js';

/**
 * The longest `--timeout-ms` and `--queue-wait-ms` a service takes: one day. Node's timers hold
 * at most 2^31 − 1 ms and fire at once past it; a service adds grace periods to its timeout, so
 * its bound stays well below that.
 */
export const MAX_SERVICE_TIMEOUT_MS = 86_400_000;

/** A whole-number flag within bounds; the message names the flag, as the CLI's do. */
export function wholeNumberFlag(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < min || value > max) {
    throw new ValidationError(flag, `expected an integer from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/** The package's version, for server banners. */
export function packageVersion(): string {
  // src/host/ and dist/host/ both sit two levels below the package root.
  return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
}
