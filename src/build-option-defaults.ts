// The options' defaults, in a module without zod: the schemas default to them, and the CLI's help shows them without zod.

/** Defaults of `BuildOptionsSchema`'s optional fields. */
export const BUILD_OPTION_DEFAULTS = { tokenizer: 'o200k', truncate: 1000, format: 'json', fit: 'skip', timeoutMs: 30_000, links: false } as const;

/** Defaults of `loadFixture`'s options. */
export const LOAD_OPTION_DEFAULTS = { batchSize: 1_000, recommendedIndex: true } as const;

/** The longest `timeoutMs`, refused rather than clamped: Node's timers hold 32-bit milliseconds, and fire longer ones at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;
