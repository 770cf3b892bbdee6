/** Word starts (`wordStartsOf`) as SQL sees them: an ASCII letter or digit after a space, or at the start. */
const WORD_CLASS = 'A-Za-z0-9';
export const WORD_CHARACTER = `[${WORD_CLASS}]`;
/** Neither a word character nor a space. */
export const OTHER_CHARACTER = `[^ ${WORD_CLASS}]`;
export const WORD_START_PATTERNS = { afterSpace: ` ${WORD_CHARACTER}`, atStart: `^${WORD_CHARACTER}` } as const;
