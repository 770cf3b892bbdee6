import { sql, type RawBuilder } from 'kysely';
import type { SiblingOrder } from '../../model/note-record.js';
import { SCAN_ALL } from '../size-filter.js';
import { driverUnavailable } from '../sql/driver-unavailable.js';
import type { SiblingKeyColumns, SqlDialect } from '../sql/sql-dialect.js';
import { OTHER_CHARACTER, WORD_CHARACTER, WORD_START_PATTERNS } from '../sql/word-start-patterns.js';

type Sql = RawBuilder<unknown>;

/** Only ASCII capitals lowered, as `titleKeyOf` folds, under "C" whatever the locale; 25 times faster than `translate`. */
const asciiFolded = (text: Sql) => sql`lower((${text}) COLLATE "C")`;

/**
 * Below this many word starts, a pattern anchored at the start that stops at the (max + 1)th beats
 * `regexp_count`, which reads the whole text (3 to 8 times faster at 8 to 32 over a hub's
 * children); past it the engine's states, made anew for each row, cost more than counting.
 */
const MOST_WORD_STARTS_BY_PATTERN = 48;
/** Matches a text of at least `count` word starts after a space. */
const atLeastWordStarts = (count: number) => `^(?:[^ ]* (?:(?:${OTHER_CHARACTER}[^ ]*)? )*${WORD_CHARACTER}){${count}}`;

/** Every pick's columns past `req`, `anchor`, `pos` and `id`, when it is not a filtered page. */
const UNFILTERED = sql`NULL::int AS left_out_before, NULL::boolean AS left_out`;

/** `n` strictly beyond the key in `direction`, a NULL order before every number; the order goes as exact text. */
function beyondKey(direction: 'asc' | 'desc', n: SiblingKeyColumns, { siblingOrder: order, id }: { siblingOrder: SiblingOrder; id: number }): Sql {
  const { siblingOrder: nOrder, id: nId } = n;
  const asc = direction === 'asc';
  if (order === null) return asc ? sql`(${nOrder} IS NOT NULL OR ${nId} > ${id})` : sql`(${nOrder} IS NULL AND ${nId} < ${id})`;
  const key = sql`${BigInt(order).toString()}::bigint`;
  return asc
    ? sql`(${nOrder} > ${key} OR (${nOrder} = ${key} AND ${nId} > ${id}))`
    : sql`(${nOrder} IS NULL OR ${nOrder} < ${key} OR (${nOrder} = ${key} AND ${nId} < ${id}))`;
}

/** `n` strictly beyond the note `s` in sibling order (`asc`) or its reverse. */
function beyondNote(direction: 'asc' | 'desc', n: SiblingKeyColumns, s: SiblingKeyColumns): Sql {
  const [nOrder, nId, sOrder, sId] = [n.siblingOrder, n.id, s.siblingOrder, s.id];
  return direction === 'asc'
    ? sql`CASE WHEN ${sOrder} IS NULL THEN ${nOrder} IS NOT NULL OR ${nId} > ${sId}
        ELSE ${nOrder} > ${sOrder} OR (${nOrder} = ${sOrder} AND ${nId} > ${sId}) END`
    : sql`CASE WHEN ${sOrder} IS NULL THEN ${nOrder} IS NULL AND ${nId} < ${sId}
        ELSE ${nOrder} IS NULL OR ${nOrder} < ${sOrder} OR (${nOrder} = ${sOrder} AND ${nId} < ${sId}) END`;
}

/** A filtered page, streamed: each level ordered as the page, windows one row ahead, so measuring stops once it is full. */
function filteredShown(examined: Sql, order: Sql, limit: number): Sql {
  return sql`SELECT n.id, n.pos, n.kept, COALESCE(LAG(n.pos) OVER (ORDER BY ${order}), 0) AS previous
      FROM (
        SELECT n.id, n.sibling_order, n.kept, ROW_NUMBER() OVER (ORDER BY ${order}) AS pos, LEAD(n.id) OVER (ORDER BY ${order}) AS next_id
        FROM (
          ${examined}
        ) AS n
      ) AS n
      WHERE n.kept OR n.next_id IS NULL
      ORDER BY ${order}
      LIMIT ${limit}`;
}

/** `connect ECONNREFUSED 10.0.0.5:5432`, `getaddrinfo ENOTFOUND db.internal` without the address. */
function redactAddress(message: string): string {
  return message.replace(/\s*\[?[0-9a-f.:]*[0-9a-f]\]?:\d{1,5}\b/gi, '').replace(/\b(ENOTFOUND|EAI_AGAIN) \S+/g, '$1');
}

/** PostgreSQL, as the SQL store's core reads it (see SqlDialect). */
export const POSTGRES_DIALECT: SqlDialect = {
  // pg queues a statement sent meanwhile itself, but that is deprecated and goes in pg 9.
  oneAtATime: true,
  // pg's messages name neither the URL nor the password; an address in a network error is left out.
  unavailable: (what, error) => driverUnavailable(what, error, redactAddress),
  // Ids go as one array parameter.
  idIn: (column, ids) => sql`${column} = ANY(${ids}::bigint[])`,
  notebookIn: (column, ids) => sql`${column} = ANY(${ids}::bigint[])`,
  // Unlike MySQL's `_ci` collations, ILIKE does not ignore accents.
  titleLike: sql`ILIKE`,
  // Made once for the statement, whichever places read it.
  readableNotebooksTable: (ids) => sql`MATERIALIZED (SELECT unnest(${ids}::bigint[]))`,
  pick: (req, id, { anchor, pos, leftOutBefore, leftOut } = {}) =>
    sql`${sql.lit(req)}::int AS req, ${anchor ?? sql`NULL::bigint`} AS anchor, ${pos ? sql`${pos}::int` : sql`0`} AS pos, ${id} AS id, ${
      leftOutBefore && leftOut ? sql`(${leftOutBefore})::int AS left_out_before, ${leftOut} AS left_out` : UNFILTERED
    }`,
  pickedColumns: sql`picked.req, picked.anchor, picked.pos, picked.left_out_before, picked.left_out`,
  // The rows come back in each request's order, numbered by `pos`.
  batchOrder: sql`
    ORDER BY picked.req, picked.pos`,
  noPicks: sql`SELECT 0 AS req, NULL::bigint AS anchor, 0 AS pos, NULL::bigint AS id, ${UNFILTERED} WHERE FALSE`,
  // As text, so a BIGINT beyond 2^53 reaches the reader whole.
  siblingOrderOut: (column) => sql`${column}::text`,
  siblingOrder: (direction, { siblingOrder, id }) =>
    direction === 'asc' ? sql`${siblingOrder} ASC NULLS FIRST, ${id} ASC` : sql`${siblingOrder} DESC NULLS LAST, ${id} DESC`,
  beyondKey, beyondNote, filteredPagesApart: false, filteredShown,
  // A LIMIT makes the planner put off the size rule until after the sort, which then sorts every row with its texts:
  // beside a 100,000-child hub a scan of them all took 206–243 ms with it and 125–143 ms without.
  scanLimit: (count) => (count >= SCAN_ALL ? sql`` : sql`LIMIT ${count}`),
  titleKeyIn: (title, keys) => sql`${asciiFolded(sql`btrim(${title})`)} = ANY(${keys}::text[])`,
  sameTitleKey: (a, b) => sql`${asciiFolded(sql`btrim(${a})`)} = ${asciiFolded(sql`btrim(${b})`)}`,
  holdsTitleKey: (details, title) => {
    const key = asciiFolded(sql`btrim(${title})`);
    // The key as a LIKE pattern: its wildcards and the escape character taken literally.
    const escaped = sql`replace(replace(replace(${key}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
    return sql`${details} LIKE '%[[%' AND btrim(${title}) <> '' AND ${asciiFolded(details)} LIKE '%' || ${escaped} || '%'`;
  },
  exactText: (text) => sql`(${text} COLLATE "C")`,
  byteLength: (text) => sql`OCTET_LENGTH(${text})`,
  atMost: (measure, max) => sql`${measure} <= ${String(max)}::bigint`,
  // Both are case-sensitive.
  wordStartsAtMost: (joined, max) =>
    max < MOST_WORD_STARTS_BY_PATTERN
      ? sql`NOT (${joined} ~ ${atLeastWordStarts(max + 1)})`
      : sql`regexp_count(${joined}, ${WORD_START_PATTERNS.afterSpace}) <= ${String(max)}::bigint`,
};
