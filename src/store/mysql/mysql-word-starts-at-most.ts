import { sql, type RawBuilder } from 'kysely';
import { WORD_CHARACTER, WORD_START_PATTERNS } from '../sql/word-start-patterns.js';

/** The word-start pattern, case-sensitive whatever the column's collation. */
const AFTER_SPACE = `(?-i)${WORD_START_PATTERNS.afterSpace}`;

/**
 * Matches a text holding at least `count` word starts after a space. Each repeat skips, without
 * backtracking, to the next space followed by a word character, so the match is linear in the
 * text and stops at the `count`-th word start; unlike counting them with REGEXP_REPLACE (which
 * builds a copy of the text), it allocates nothing: about a fifth of the time on a hub's pages.
 */
const atLeastWordStarts = (count: number) => `(?-i)^(?:[^ ]*+ (?:(?!${WORD_CHARACTER})[^ ]*+ )*+${WORD_CHARACTER}){${count}}`;

/** MariaDB compiles `{n}` by repeating the group, and refuses a pattern past a few hundred repeats. */
const MOST_WORD_STARTS_BY_PATTERN = 256;
/** More word starts than the four texts of a row can hold (a LONGTEXT has under 2^32 characters). */
const NO_WORD_START_LIMIT = 2 ** 35;

/** `joined` holds at most `max` word starts after a space (see SqlDialect.wordStartsAtMost), in MariaDB's and MySQL's regular expressions. */
export function mysqlWordStartsAtMost(joined: RawBuilder<unknown>, max: number): RawBuilder<unknown> {
  if (max >= NO_WORD_START_LIMIT) return sql`TRUE`;
  if (max < MOST_WORD_STARTS_BY_PATTERN) return sql`NOT (${joined} REGEXP ${atLeastWordStarts(max + 1)})`;
  // A word start takes two characters of its own (a space, then a word character): a text of
  // at most 2 x max + 1 characters is counted without copying it.
  return sql`(CHAR_LENGTH(${joined}) <= ${2 * max + 1}
      OR CHAR_LENGTH(${joined}) - CHAR_LENGTH(REGEXP_REPLACE(${joined}, ${AFTER_SPACE}, '_')) <= ${max})`;
}
