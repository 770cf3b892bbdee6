/** The tokenizers a build can count with; apart from `tokenizer.ts`, so that checking options loads none. */
export const TOKENIZER_NAMES = ['o200k', 'cl100k', 'estimate', 'one-per-note'] as const;
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];
