import { noteShape, type NoteShape } from '../model/note-shape.js';
import { takeCodePoints } from '../model/take-code-points.js';
import { utf8Length } from '../model/utf8-length.js';

/**
 * The size rule of stepping over (src/shortcuts/step-over.ts): how much text a related note
 * shows, in TypeScript (`shownSizeOf`, for the memory store) and in SQL beside it
 * (`shownSizeWithinSql`, for the SQL stores), so that a page read can leave out notes that show
 * too much text without reading them (see `SizeFilter`). test/size-rule.test.ts holds the two to
 * the same counts.
 */

/** The parts of a note whose text a related note shows. */
export interface ShownText {
  readonly title: string;
  readonly details?: string | undefined;
  readonly parent?: { readonly title: string } | undefined;
  readonly object?: { readonly title: string } | undefined;
}

/** A note's shape and the size of the text it shows. */
export interface ShownSize {
  readonly shape: NoteShape;
  /** UTF-8 bytes. */
  readonly textBytes: number;
  /** Word starts: see {@link wordStartsOf}. */
  readonly wordStarts: number;
}

/**
 * Word starts: an ASCII letter or digit at the start of the text or after a space. Each begins a
 * chunk of the o200k and cl100k pre-tokenizers of its own wherever the text is written (a note's
 * texts always follow punctuation or a line break). Other places begin chunks too (a letter after
 * punctuation, a digit after a letter), but counting them in SQL took a regular expression three
 * times slower on every row a hub's page scans; these two are a plain pattern and an anchored one.
 * As SQL sees them (test/size-rule.test.ts holds the two to the same counts):
 */
export const WORD_CHARACTER = '[A-Za-z0-9]';
export const WORD_START_PATTERNS = { afterSpace: ` ${WORD_CHARACTER}`, atStart: `^${WORD_CHARACTER}` } as const;

const isAlnum = (code: number) => (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** The word starts of `text` (see {@link WORD_START_PATTERNS}), counted in one pass. */
export function wordStartsOf(text: string): number {
  let starts = text.length > 0 && isAlnum(text.charCodeAt(0)) ? 1 : 0;
  for (let index = 1; index < text.length; index++) {
    if (text.charCodeAt(index - 1) === 0x20 && isAlnum(text.charCodeAt(index))) starts++;
  }
  return starts;
}

/**
 * The shape of a note, and the bytes and word starts of its title, of the first `detailsLimit`
 * code points of its details, and of the titles of its visible parent and object (each text on
 * its own). Empty details count as none.
 */
export function shownSizeOf(note: ShownText, detailsLimit: number): ShownSize {
  const details = note.details ? takeCodePoints(note.details, detailsLimit).head : '';
  const parent = note.parent?.title ?? '';
  const object = note.object?.title ?? '';
  return {
    shape: noteShape(Boolean(note.details), Boolean(note.parent), Boolean(note.object)),
    textBytes: utf8Length(note.title) + utf8Length(details) + utf8Length(parent) + utf8Length(object),
    wordStarts: wordStartsOf(note.title) + wordStartsOf(details) + wordStartsOf(parent) + wordStartsOf(object),
  };
}

/** For each shape (0–7), the most text bytes and word starts a note of that shape may show (see `SizeFilter`). */
export interface SizeLimits {
  readonly maxTextBytes: readonly number[];
  readonly maxWordStarts: readonly number[];
}

/**
 * The few parts of a SQL template tag the fragment is written with (kysely's `sql` is one), so
 * that only the MySQL store imports a query builder.
 */
export interface SqlTag<F> {
  (strings: TemplateStringsArray, ...values: unknown[]): F;
  lit(value: number): F;
  join(items: readonly unknown[], separator?: F): F;
}

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

/**
 * The columns the size rule reads, as the statement names them: the note `n`'s title and
 * details, and the id and title of its visible parent `p` and object `o` (NULL when not visible).
 */
export interface ShownColumns<F> {
  readonly title: F;
  readonly details: F;
  readonly parentId: F;
  readonly parentTitle: F;
  readonly objectId: F;
  readonly objectTitle: F;
}

/**
 * The size rule in SQL: whether the note, with its visible parent and object (`columns`), shows
 * at most the text `filter` allows for its shape. LENGTH counts bytes, LEFT code points;
 * emptiness by LENGTH, since PAD SPACE collations hold ' ' = ''.
 */
export function shownSizeWithinSql<F>(sql: SqlTag<F>, filter: SizeLimits, detailsLimit: number, columns: ShownColumns<F>): F {
  const { title, details, parentId, parentTitle, objectId, objectTitle } = columns;
  const shape = sql`(CASE WHEN COALESCE(LENGTH(${details}), 0) = 0 THEN 0 ELSE 1 END
    + CASE WHEN ${parentId} IS NULL THEN 0 ELSE 2 END + CASE WHEN ${objectId} IS NULL THEN 0 ELSE 4 END)`;
  const textBytes = sql`(COALESCE(LENGTH(${title}), 0) + COALESCE(LENGTH(LEFT(${details}, ${detailsLimit})), 0)
    + COALESCE(LENGTH(${parentTitle}), 0) + COALESCE(LENGTH(${objectTitle}), 0))`;
  // Word starts (wordStartsOf) of the four texts at once: joined, each after a space, they hold
  // the sum of theirs (a text's first character now follows a space; no other pair is new).
  const joined = sql`CONCAT_WS(' ', '', ${title}, LEFT(${details}, ${detailsLimit}), ${parentTitle}, ${objectTitle})`;
  const wordStartsWithin = (max: number) => {
    if (max < 0) return sql`FALSE`;
    if (max >= NO_WORD_START_LIMIT) return sql`TRUE`;
    if (max < MOST_WORD_STARTS_BY_PATTERN) return sql`NOT (${joined} REGEXP ${atLeastWordStarts(max + 1)})`;
    // A word start takes two characters of its own (a space, then a word character): a text of
    // at most 2 x max + 1 characters is counted without copying it.
    return sql`(CHAR_LENGTH(${joined}) <= ${2 * max + 1}
      OR CHAR_LENGTH(${joined}) - CHAR_LENGTH(REGEXP_REPLACE(${joined}, ${AFTER_SPACE}, '_')) <= ${max})`;
  };
  const perShape = (limits: readonly number[]) =>
    sql`CASE ${shape} ${sql.join(
      limits.map((max, index) => sql`WHEN ${sql.lit(index)} THEN ${max}`),
      sql` `,
    )} END`;
  // The regex runs only where the byte test passes (AND stops at the first false).
  return sql`(${textBytes} <= ${perShape(filter.maxTextBytes)} AND CASE ${shape} ${sql.join(
    filter.maxWordStarts.map((max, index) => sql`WHEN ${sql.lit(index)} THEN ${wordStartsWithin(max)}`),
    sql` `,
  )} END)`;
}
