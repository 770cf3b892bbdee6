/** The longest `--timeout-ms` and `--queue-wait-ms` a service takes: one day, well below Node's 2^31 − 1 ms timer limit. */
export const MAX_SERVICE_TIMEOUT_MS = 86_400_000;
