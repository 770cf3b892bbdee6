import { sql, type RawBuilder } from 'kysely';
import type { SiblingOrder } from '../../model/note-record.js';
import { WORD_START_PATTERNS } from '../../store/shown-size.js';
import type { ChildrenPageRequest, ReadScope, ReferringPageRequest } from '../note-store.js';
import type { CapableReadRequest } from '../reader-capabilities.js';
import type { SiblingsPageRequest } from '../siblings-page-request.js';
import type { SizeFilter } from '../size-filter.js';

/** `req` of rows that answer notes read by id, details cut. */
export const NOTES_BY_ID = -1;
/** `req` of rows on ancestor chains; their `anchor` names the chain's start. */
export const ANCESTOR_ROWS = -2;
/** `req` of rows that answer notes read by id, details in full. */
export const FULL_NOTES_BY_ID = -3;

/** Every pick's columns past `req`, `anchor`, `pos` and `id`, when it is not a filtered page. */
const UNFILTERED = sql`NULL::int AS left_out_before, NULL::boolean AS left_out`;

/**
 * One PostgreSQL statement answering a whole batch of read requests, so a batch costs one round
 * trip however many requests it holds. The notes each request answers are picked by a UNION ALL
 * of one member per kind (notes by id, ancestor chains) or page (keyset-bounded, with its own
 * ORDER BY and LIMIT, numbered in that order by `pos`); the notes, their parent and their object
 * are then joined once for all. Deleted and unreadable notes, parents and objects are filtered
 * here, in SQL. Every value is a bound parameter; ids and notebooks go as one array each (a long
 * list of readable notebooks once per statement, as a table).
 *
 * Written against Doughnut's names; a host's own table is put in their place by
 * `withNoteTable` (src/store/sql/mapped-note-table.ts).
 *
 * Sibling order: ascending puts a NULL `sibling_order` before every number (as MySQL does), then
 * by id; descending is the exact reverse. `sibling_order` comes back as text, so a BIGINT beyond
 * 2^53 reaches the reader whole.
 */
export function postgresBatchQuery(requests: readonly CapableReadRequest[], scope: ReadScope): RawBuilder<unknown> {
  const picks: RawBuilder<unknown>[] = [];
  const cutIds = requests.flatMap((r) => (r.kind === 'note' && !r.full ? [r.id] : []));
  const fullIds = requests.flatMap((r) => (r.kind === 'note' && r.full ? [r.id] : []));
  const chainStarts = requests.flatMap((r) => (r.kind === 'ancestors' ? [r.id] : []));
  if (cutIds.length > 0) picks.push(notesById(cutIds, scope, NOTES_BY_ID));
  if (fullIds.length > 0) picks.push(notesById(fullIds, scope, FULL_NOTES_BY_ID));
  if (chainStarts.length > 0) {
    picks.push(sql`SELECT ${sql.lit(ANCESTOR_ROWS)}::int AS req, chain.anchor, 0 AS pos, chain.id, ${UNFILTERED} FROM chain`);
  }
  requests.forEach((request, index) => {
    if (request.kind !== 'children' && request.kind !== 'siblings' && request.kind !== 'referrings') return;
    const candidates =
      request.kind === 'children' ? childrenPage(request, scope) : request.kind === 'siblings' ? siblingsPage(request, scope) : referringPage(request, scope);
    picks.push(request.filter ? filteredPage(index, candidates, request.limit, request.filter, scope) : page(index, candidates, request.limit));
  });
  // A batch of nothing still answers with its (empty) rows.
  if (picks.length === 0) picks.push(sql`SELECT 0 AS req, NULL::bigint AS anchor, 0 AS pos, NULL::bigint AS id, ${UNFILTERED} WHERE FALSE`);
  const details =
    fullIds.length > 0 ? sql`CASE WHEN picked.req = ${sql.lit(FULL_NOTES_BY_ID)} THEN n.description ELSE ${cut(scope)} END` : cut(scope);
  const select = sql`SELECT picked.req, picked.anchor, picked.pos, picked.left_out_before, picked.left_out,
      n.id, n.topic_constructor AS title, ${details} AS details,
      n.sibling_order::text AS sibling_order, n.notebook_id,
      p.id AS parent_id, p.topic_constructor AS parent_title, o.id AS object_id, o.topic_constructor AS object_title
    FROM (${sql.join(picks, sql` UNION ALL `)}) AS picked
    JOIN note n ON n.id = picked.id
    ${linkJoins(scope)}
    ORDER BY picked.req, picked.pos`;
  const tables = [
    ...(readableAsTable(scope) ? [readableNotebooksTable(scope.readableNotebooks!)] : []),
    ...(chainStarts.length > 0 ? [ancestorChains(chainStarts, scope)] : []),
  ];
  return tables.length > 0 ? sql`WITH RECURSIVE ${sql.join(tables, sql`, `)} ${select}` : select;
}

/**
 * Past this many readable notebooks, the list is sent once, as one array the statement reads
 * into a table of its own, rather than as an array at each place visibility is checked: 100,000
 * ids sent a dozen times made a build of the sample notebook take 2.5 s; read once, 1.3 s. (The
 * server then hashes the table at each of those places; an array inline is hashed as well, but
 * each copy must be sent and parsed.)
 */
const MOST_READABLE_NOTEBOOKS_INLINE = 1_000;

const readableAsTable = (scope: ReadScope) => (scope.readableNotebooks?.size ?? 0) > MOST_READABLE_NOTEBOOKS_INLINE;

/** The readable notebooks as the table `readable_notebooks (id)`, made once for the statement. */
function readableNotebooksTable(readable: ReadonlySet<number>): RawBuilder<unknown> {
  return sql`readable_notebooks (id) AS MATERIALIZED (SELECT unnest(${[...readable]}::bigint[]))`;
}

/** One more code point than the truncation length is enough to know the details must be cut. */
function cut(scope: ReadScope): RawBuilder<unknown> {
  return sql`LEFT(n.description, ${scope.detailsLimit + 1})`;
}

function notesById(ids: readonly number[], scope: ReadScope, req: number): RawBuilder<unknown> {
  return sql`SELECT ${sql.lit(req)}::int AS req, NULL::bigint AS anchor, 0 AS pos, n.id, ${UNFILTERED} FROM note n
    WHERE n.id = ANY(${ids}::bigint[]) AND ${visible('n', scope)}`;
}

/**
 * Every visible ancestor of each visible start note, however deep. The recursion is a UNION, which drops
 * an (anchor, id) row already found, so a parent chain with a cycle ends; the start note is
 * never its own ancestor. The chain stops at the first invisible parent.
 */
function ancestorChains(starts: readonly number[], scope: ReadScope): RawBuilder<unknown> {
  return sql`chain (anchor, id) AS (
      SELECT s.id, p.id FROM note s
        JOIN note p ON p.id = s.parent_id AND p.id <> s.id AND ${visible('p', scope)}
        WHERE s.id = ANY(${starts}::bigint[]) AND ${visible('s', scope)}
      UNION
      SELECT c.anchor, p.id FROM chain c
        JOIN note cur ON cur.id = c.id
        JOIN note p ON p.id = cur.parent_id AND ${visible('p', scope)}
        WHERE p.id <> c.anchor
    )`;
}

/** The tables a page reads (`n` among them, the notes it may hold), the condition on them, and the page's order. */
interface PageCandidates {
  readonly from: RawBuilder<unknown>;
  readonly candidates: RawBuilder<unknown>;
  readonly order: RawBuilder<unknown>;
}

/** A page of the notes `n` that meet `candidates`, numbered in `order`. */
function page(index: number, { from, candidates, order }: PageCandidates, limit: number): RawBuilder<unknown> {
  return sql`(SELECT ${sql.lit(index)}::int AS req, NULL::bigint AS anchor, (ROW_NUMBER() OVER (ORDER BY ${order}))::int AS pos, n.id, ${UNFILTERED}
    FROM ${from} WHERE ${candidates}
    ORDER BY ${order} LIMIT ${limit})`;
}

const siblingOrder = (asc: boolean) => (asc ? sql`n.sibling_order ASC NULLS FIRST, n.id ASC` : sql`n.sibling_order DESC NULLS LAST, n.id DESC`);

function childrenPage(request: ChildrenPageRequest, scope: ReadScope): PageCandidates {
  const asc = request.direction === 'asc';
  const after = request.after ? sql`AND ${beyond(asc, siblingOrderParameter(request.after.siblingOrder), request.after.id)}` : sql``;
  return { from: sql`note n`, candidates: sql`n.parent_id = ${request.parentId} AND ${visible('n', scope)} ${after}`, order: siblingOrder(asc) };
}

/**
 * `n` strictly beyond the key (`order`, `id`) in sibling order (`asc`) or its reverse, a NULL
 * order being before every number.
 */
function beyond(asc: boolean, order: string | null, id: number): RawBuilder<unknown> {
  if (order === null) {
    return asc ? sql`(n.sibling_order IS NOT NULL OR n.id > ${id})` : sql`(n.sibling_order IS NULL AND n.id < ${id})`;
  }
  const key = sql`${order}::bigint`;
  return asc
    ? sql`(n.sibling_order > ${key} OR (n.sibling_order = ${key} AND n.id > ${id}))`
    : sql`(n.sibling_order IS NULL OR n.sibling_order < ${key} OR (n.sibling_order = ${key} AND n.id < ${id}))`;
}

/**
 * The first page of a note's siblings (`SiblingsPageRequest`): the children of the parent `sp`
 * of `s` beyond `s`, where `s` is the note (`up` 0) or its parent (`up` 1), each step visible.
 */
function siblingsPage(request: SiblingsPageRequest, scope: ReadScope): PageCandidates {
  const asc = request.direction === 'asc';
  const start =
    request.up === 0
      ? sql`note s`
      : sql`note s0 JOIN note s ON s.id = s0.parent_id AND ${visible('s', scope)} AND s0.id = ${request.of} AND ${visible('s0', scope)}`;
  const first = request.up === 0 ? sql`s.id = ${request.of} AND ${visible('s', scope)}` : sql`TRUE`;
  const beyondS = asc
    ? sql`CASE WHEN s.sibling_order IS NULL THEN n.sibling_order IS NOT NULL OR n.id > s.id
        ELSE n.sibling_order > s.sibling_order OR (n.sibling_order = s.sibling_order AND n.id > s.id) END`
    : sql`CASE WHEN s.sibling_order IS NULL THEN n.sibling_order IS NULL AND n.id < s.id
        ELSE n.sibling_order IS NULL OR n.sibling_order < s.sibling_order OR (n.sibling_order = s.sibling_order AND n.id < s.id) END`;
  return {
    from: sql`${start} JOIN note sp ON sp.id = s.parent_id AND ${visible('sp', scope)} JOIN note n ON n.parent_id = sp.id`,
    candidates: sql`${first} AND ${visible('n', scope)} AND ${beyondS}`,
    order: siblingOrder(asc),
  };
}

function referringPage(request: ReferringPageRequest, scope: ReadScope): PageCandidates {
  const after = request.afterId !== undefined ? sql`AND n.id > ${request.afterId}` : sql``;
  return { from: sql`note n`, candidates: sql`n.target_note_id = ${request.objectId} AND ${visible('n', scope)} ${after}`, order: sql`n.id` };
}

/**
 * A page read with a size filter (`SizeFilter`): the first `filter.scan` candidates are examined,
 * those that show too much text are left out (unless kept), and each row says how many were left
 * out just before it (positions by ROW_NUMBER over the candidates examined, gaps by LAG over the
 * rows kept). The last candidate examined (the one LEAD finds no row after) comes back too when it was left out, marked
 * `left_out`, so the next page starts after it. The size rule (`shownSizeOf`) in SQL: LEFT
 * counts code points and OCTET_LENGTH UTF-8 bytes; the word starts of the four texts are those
 * of the texts joined, each after a space, counted by `regexp_count` (case-sensitive).
 */
function filteredPage(index: number, { from, candidates, order }: PageCandidates, limit: number, filter: SizeFilter, scope: ReadScope): RawBuilder<unknown> {
  const kept = filter.keep.length > 0 ? sql`n.id = ANY(${filter.keep}::bigint[])` : sql`FALSE`;
  const shape = sql`(CASE WHEN COALESCE(OCTET_LENGTH(n.description), 0) = 0 THEN 0 ELSE 1 END
    + CASE WHEN p.id IS NULL THEN 0 ELSE 2 END + CASE WHEN o.id IS NULL THEN 0 ELSE 4 END)`;
  const shownDetails = sql`LEFT(n.description, ${scope.detailsLimit})`;
  const textBytes = sql`(COALESCE(OCTET_LENGTH(n.topic_constructor), 0) + COALESCE(OCTET_LENGTH(${shownDetails}), 0)
    + COALESCE(OCTET_LENGTH(p.topic_constructor), 0) + COALESCE(OCTET_LENGTH(o.topic_constructor), 0))`;
  const joined = sql`CONCAT_WS(' ', '', n.topic_constructor, ${shownDetails}, p.topic_constructor, o.topic_constructor)`;
  const within = (measure: RawBuilder<unknown>, max: number) => {
    if (!(max >= 0)) return sql`FALSE`;
    if (max >= Number.MAX_SAFE_INTEGER) return sql`TRUE`;
    return sql`${measure} <= ${String(Math.floor(max))}::bigint`;
  };
  const perShape = (test: (shape: number) => RawBuilder<unknown>) =>
    sql`CASE ${shape} ${sql.join(
      filter.maxTextBytes.map((_, s) => sql`WHEN ${sql.lit(s)} THEN ${test(s)}`),
      sql` `,
    )} END`;
  // The word count runs only where the byte test passes (CASE evaluates its branch only).
  const small = sql`CASE WHEN ${perShape((s) => within(textBytes, filter.maxTextBytes[s]!))}
    THEN ${perShape((s) => within(sql`regexp_count(${joined}, ${WORD_START_PATTERNS.afterSpace})`, filter.maxWordStarts[s]!))} ELSE FALSE END`;
  // Every level is ordered as the page is, and each window looks at most one row ahead (LEAD
  // finds the scan's last row), so the server streams the candidates and stops measuring them
  // once the page is full: on a hub whose notes mostly pass, a page measured ~700 candidates
  // instead of its whole scan of 8,192 (~30 instead of ~500 ms).
  return sql`(SELECT ${sql.lit(index)}::int AS req, NULL::bigint AS anchor, shown.pos::int AS pos, shown.id,
      (shown.pos - shown.previous - 1)::int AS left_out_before, NOT shown.kept AS left_out
    FROM (
      SELECT n.id, n.pos, n.kept, COALESCE(LAG(n.pos) OVER (ORDER BY ${order}), 0) AS previous
      FROM (
        SELECT n.id, n.sibling_order, n.kept, ROW_NUMBER() OVER (ORDER BY ${order}) AS pos, LEAD(n.id) OVER (ORDER BY ${order}) AS next_id
        FROM (
          SELECT n.id, n.sibling_order, (${small} OR ${kept}) AS kept
          FROM ${from} ${linkJoins(scope)} WHERE ${candidates} ORDER BY ${order} LIMIT ${filter.scan}
        ) AS n
      ) AS n
      WHERE n.kept OR n.next_id IS NULL
      ORDER BY ${order}
      LIMIT ${limit}
    ) AS shown)`;
}

/** The parent and object of `n`, each only when visible. */
function linkJoins(scope: ReadScope): RawBuilder<unknown> {
  return sql`LEFT JOIN note p ON p.id = n.parent_id AND ${visible('p', scope)}
    LEFT JOIN note o ON o.id = n.target_note_id AND ${visible('o', scope)}`;
}

/** A sibling order as the statement takes it: exact decimal text, or NULL (before every number). */
export function siblingOrderParameter(order: SiblingOrder): string | null {
  return order === null ? null : BigInt(order).toString();
}

function visible(alias: 'n' | 'p' | 'o' | 's' | 's0' | 'sp', scope: ReadScope): RawBuilder<unknown> {
  const notDeleted = sql`${sql.raw(alias)}.deleted_at IS NULL`;
  if (!scope.readableNotebooks) return notDeleted;
  if (readableAsTable(scope)) return sql`${notDeleted} AND ${sql.raw(alias)}.notebook_id IN (SELECT id FROM readable_notebooks)`;
  return sql`${notDeleted} AND ${sql.raw(alias)}.notebook_id = ANY(${[...scope.readableNotebooks]}::bigint[])`;
}
