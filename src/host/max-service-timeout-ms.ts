/**
 * The longest `--timeout-ms` and `--queue-wait-ms` a service takes: one day. Node's timers hold
 * at most 2^31 − 1 ms and fire at once past it; a service adds grace periods to its timeout, so
 * its bound stays well below that.
 */
export const MAX_SERVICE_TIMEOUT_MS = 86_400_000;
