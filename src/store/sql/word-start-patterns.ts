/**
 * Word starts (`wordStartsOf`, src/store/shown-size.ts) as SQL sees them: an ASCII letter or digit
 * after a space, or at the start of the text. test/size-rule.test.ts holds the two to the same
 * counts.
 */
export const WORD_CHARACTER = '[A-Za-z0-9]';
export const WORD_START_PATTERNS = { afterSpace: ` ${WORD_CHARACTER}`, atStart: `^${WORD_CHARACTER}` } as const;
