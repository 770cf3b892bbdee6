/** Word starts (`wordStartsOf`) as SQL sees them: an ASCII letter or digit after a space, or at the start. */
export const WORD_CHARACTER = '[A-Za-z0-9]';
export const WORD_START_PATTERNS = { afterSpace: ` ${WORD_CHARACTER}`, atStart: `^${WORD_CHARACTER}` } as const;
