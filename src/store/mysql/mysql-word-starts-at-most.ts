import { sql, type RawBuilder } from 'kysely';
import { WORD_CHARACTER, WORD_START_PATTERNS } from '../sql/word-start-patterns.js';

/** The word-start pattern, case-sensitive whatever the column's collation. */
const AFTER_SPACE = `(?-i)${WORD_START_PATTERNS.afterSpace}`;

/** Matches a text of at least `count` word starts after a space, linearly, without REGEXP_REPLACE's copy (a fifth of a hub page's time). */
const atLeastWordStarts = (count: number) => `(?-i)^(?:[^ ]*+ (?:(?!${WORD_CHARACTER})[^ ]*+ )*+${WORD_CHARACTER}){${count}}`;

/** MariaDB compiles `{n}` by repeating the group, and refuses a pattern past a few hundred repeats. */
const MOST_WORD_STARTS_BY_PATTERN = 256;
/** More word starts than the four texts of a row can hold (a LONGTEXT has under 2^32 characters). */
const NO_WORD_START_LIMIT = 2 ** 35;

/** `joined` holds at most `max` word starts after a space (see SqlDialect.wordStartsAtMost), in MariaDB's and MySQL's regular expressions. */
export function mysqlWordStartsAtMost(joined: RawBuilder<unknown>, max: number): RawBuilder<unknown> {
  if (max >= NO_WORD_START_LIMIT) return sql`TRUE`;
  if (max < MOST_WORD_STARTS_BY_PATTERN) return sql`NOT (${joined} REGEXP ${atLeastWordStarts(max + 1)})`;
  // A word start takes two characters: a text of at most 2 x max + 1 is within without counting.
  return sql`(CHAR_LENGTH(${joined}) <= ${2 * max + 1}
      OR CHAR_LENGTH(${joined}) - CHAR_LENGTH(REGEXP_REPLACE(${joined}, ${AFTER_SPACE}, '_')) <= ${max})`;
}
