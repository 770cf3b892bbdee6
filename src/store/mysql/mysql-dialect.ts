import { sql, type RawBuilder } from 'kysely';
import { driverUnavailable } from '../sql/driver-unavailable.js';
import { MOST_READABLE_NOTEBOOKS_INLINE } from '../sql/most-readable-notebooks-inline.js';
import type { SiblingKeyColumns, SqlDialect } from '../sql/sql-dialect.js';
import { WORD_CHARACTER, WORD_START_PATTERNS } from '../sql/word-start-patterns.js';
import type { SiblingOrderKey } from './sibling-order-key.js';

/** MySQL and MariaDB, pages ordered by `key` (see sibling-order-key.ts): the column, or an expression no index serves. */
export function mysqlDialect(key: SiblingOrderKey): SqlDialect {
  if (key === 'column') return MYSQL_DIALECT;
  return { ...MYSQL_DIALECT, siblingOrder: (direction, n) => MYSQL_DIALECT.siblingOrder(direction, { siblingOrder: sql`(${n.siblingOrder} + 0)`, id: n.id }) };
}

/** `n` strictly beyond a sibling key (values or columns) in `direction`, a NULL order before every number, as the servers sort. */
function beyondKey(direction: 'asc' | 'desc', n: SiblingKeyColumns, { siblingOrder, id }: { siblingOrder: unknown; id: unknown }): RawBuilder<unknown> {
  const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const order = n.siblingOrder;
  const sameOrder = sql`(${order} = ${siblingOrder} OR (${order} IS NULL AND ${siblingOrder} IS NULL))`;
  const pastOrder = direction === 'asc'
    ? sql`(${order} > ${siblingOrder} OR (${siblingOrder} IS NULL AND ${order} IS NOT NULL))`
    : sql`(${order} < ${siblingOrder} OR (${siblingOrder} IS NOT NULL AND ${order} IS NULL))`;
  return sql`(${pastOrder} OR (${sameOrder} AND ${n.id} ${beyond} ${id}))`;
}

/** A filtered page; the last examined told by COUNT(*) OVER () (MariaDB materialises windows, so streaming gains nothing). */
function filteredShown(examined: RawBuilder<unknown>, order: RawBuilder<unknown>, limit: number): RawBuilder<unknown> {
  return sql`SELECT ranked.id, ranked.pos, ranked.kept, COALESCE(LAG(ranked.pos) OVER (ORDER BY ranked.pos), 0) AS previous
        FROM (
          SELECT n.id, ROW_NUMBER() OVER (ORDER BY ${order}) AS pos, COUNT(*) OVER () AS examined, n.kept
          FROM (
            ${examined}
          ) AS n
        ) AS ranked
        WHERE ranked.kept OR ranked.pos = ranked.examined
        ORDER BY ranked.pos
        LIMIT ${limit}`;
}

/** The word-start pattern, case-sensitive whatever the column's collation. */
const AFTER_SPACE = `(?-i)${WORD_START_PATTERNS.afterSpace}`;

/** Matches a text of at least `count` word starts after a space, linearly, without REGEXP_REPLACE's copy (a fifth of a hub page's time). */
const atLeastWordStarts = (count: number) => `(?-i)^(?:[^ ]*+ (?:(?!${WORD_CHARACTER})[^ ]*+ )*+${WORD_CHARACTER}){${count}}`;

/** MariaDB compiles `{n}` by repeating the group, and refuses a pattern past a few hundred repeats. */
const MOST_WORD_STARTS_BY_PATTERN = 256;
/** More word starts than the four texts of a row can hold (a LONGTEXT has under 2^32 characters). */
const NO_WORD_START_LIMIT = 2 ** 35;

/** `joined` holds at most `max` word starts after a space, in MariaDB's and MySQL's regular expressions. */
function wordStartsAtMost(joined: RawBuilder<unknown>, max: number): RawBuilder<unknown> {
  if (max >= NO_WORD_START_LIMIT) return sql`TRUE`;
  if (max < MOST_WORD_STARTS_BY_PATTERN) return sql`NOT (${joined} REGEXP ${atLeastWordStarts(max + 1)})`;
  // A word start takes two characters: a text of at most 2 x max + 1 is within without counting.
  return sql`(CHAR_LENGTH(${joined}) <= ${2 * max + 1}
      OR CHAR_LENGTH(${joined}) - CHAR_LENGTH(REGEXP_REPLACE(${joined}, ${AFTER_SPACE}, '_')) <= ${max})`;
}

/** A text lowered by the Unicode case mapping, as utf8mb4 under utf8mb4_bin, whatever its own character set and collation. */
const binaryLower = (text: RawBuilder<unknown>) => sql`LOWER(CONVERT(${text} USING utf8mb4) COLLATE utf8mb4_bin)`;

/** MySQL and MariaDB, pages ordered by the `sibling_order` column (see {@link mysqlDialect}). */
export const MYSQL_DIALECT: SqlDialect = {
  // mysql2 queues the statements of one connection itself.
  oneAtATime: false,
  // mysql2's messages name neither the URL nor the password.
  unavailable: (what, error) => driverUnavailable(what, error),
  // `IN ()` is not SQL; no notebook or note has id 0, so an empty list then matches nothing.
  idIn: (column, ids) => sql`${column} IN (${sql.join(ids.length > 0 ? ids : [0])})`,
  notebookIn: (column, ids) =>
    ids.length <= MOST_READABLE_NOTEBOOKS_INLINE ? MYSQL_DIALECT.idIn(column, ids) : sql`${column} IN ${MYSQL_DIALECT.readableNotebooksTable(ids)}`,
  // A `_ci` collation ignores case (and accents).
  titleLike: sql`LIKE`,
  // One JSON parameter read by JSON_TABLE.
  readableNotebooksTable: (ids) => sql`(
      SELECT j.id FROM JSON_TABLE(${JSON.stringify(ids)}, '$[*]' COLUMNS (id BIGINT PATH '$')) AS j
    )`,
  // No `pos`: a derived table's order does not survive the union; the reader orders the rows.
  pick: (req, id, columns = {}) => sql`${sql.lit(req)} AS req, ${columns.anchor ?? sql`NULL`} AS anchor, ${id} AS id`,
  pickedColumns: sql`picked.req AS req, picked.anchor AS anchor, NULL AS left_out_before, NULL AS left_out`,
  batchOrder: sql``,
  noPicks: undefined,
  siblingOrderOut: (column) => column,
  siblingOrder: (direction, { siblingOrder, id }) => {
    const order = direction === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
    return sql`${siblingOrder} ${order}, ${id} ${order}`;
  },
  beyondKey, beyondNote: beyondKey, filteredPagesApart: true, filteredShown,
  scanLimit: (count) => sql`LIMIT ${count}`,
  // Lowered on both sides under utf8mb4_bin, which maps A–Z to a–z whatever the column's collation.
  titleKeyIn: (title, keys) => sql`${binaryLower(sql`TRIM(${title})`)} IN (${sql.join(keys.map((key) => binaryLower(sql`${key}`)))})`,
  sameTitleKey: (a, b) => sql`${binaryLower(sql`TRIM(${a})`)} = ${binaryLower(sql`TRIM(${b})`)}`,
  // As bytes, lowered on both sides: no LIKE wildcards nor collation rules (a `_ci` LIKE took three times as long).
  holdsTitleKey: (details, title) => sql`INSTR(CAST(${details} AS BINARY), '[[') > 0 AND TRIM(${title}) <> ''
    AND INSTR(CAST(${binaryLower(details)} AS BINARY), CAST(${binaryLower(sql`TRIM(${title})`)} AS BINARY)) > 0`,
  exactText: (text) => sql`CAST(${text} AS BINARY)`,
  // LENGTH counts bytes.
  byteLength: (text) => sql`LENGTH(${text})`,
  atMost: (measure, max) => sql`${measure} <= ${max}`,
  wordStartsAtMost,
};
