import { sql, type RawBuilder } from 'kysely';
import type { SiblingOrder } from '../../model/note-record.js';
import { WORD_START_PATTERNS } from '../../store/shown-size.js';
import type { ChildrenPageRequest, ReadScope, ReferringPageRequest } from '../note-store.js';
import type { CapableReadRequest } from '../reader-capabilities.js';
import type { SiblingsPageRequest } from '../siblings-page-request.js';
import type { SizeFilter } from '../size-filter.js';
import { ANCESTOR_ROWS, FULL_NOTES_BY_ID, NOTES_BY_ID } from '../sql/answer-batch.js';
import { DOUGHNUT_NOTE_TABLE, type ResolvedNoteTable } from '../sql/note-table-names.js';
import { noteTableSql, type NoteTableSql } from '../sql/note-table-sql.js';


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
 * The host's table and columns are named as the host named them (see note-table-sql.ts).
 *
 * Sibling order: ascending puts a NULL `sibling_order` before every number (as MySQL does), then
 * by id; descending is the exact reverse. `sibling_order` comes back as text, so a BIGINT beyond
 * 2^53 reaches the reader whole.
 */
export function postgresBatchQuery(
  requests: readonly CapableReadRequest[],
  scope: ReadScope,
  names: ResolvedNoteTable = DOUGHNUT_NOTE_TABLE,
): RawBuilder<unknown> {
  const q: Statement = { scope, t: noteTableSql(names) };
  const { t } = q;
  const picks: RawBuilder<unknown>[] = [];
  const cutIds = requests.flatMap((r) => (r.kind === 'note' && !r.full ? [r.id] : []));
  const fullIds = requests.flatMap((r) => (r.kind === 'note' && r.full ? [r.id] : []));
  const chainStarts = requests.flatMap((r) => (r.kind === 'ancestors' ? [r.id] : []));
  if (cutIds.length > 0) picks.push(notesById(cutIds, q, NOTES_BY_ID));
  if (fullIds.length > 0) picks.push(notesById(fullIds, q, FULL_NOTES_BY_ID));
  if (chainStarts.length > 0) {
    picks.push(sql`SELECT ${sql.lit(ANCESTOR_ROWS)}::int AS req, c.anchor, 0 AS pos, c.id, ${UNFILTERED} FROM ${t.expression('chain')} c`);
  }
  requests.forEach((request, index) => {
    if (request.kind !== 'children' && request.kind !== 'siblings' && request.kind !== 'referrings') return;
    const candidates =
      request.kind === 'children' ? childrenPage(request, q) : request.kind === 'siblings' ? siblingsPage(request, q) : referringPage(request, q);
    picks.push(request.filter ? filteredPage(index, candidates, request.limit, request.filter, q) : page(index, candidates, request.limit, q));
  });
  // A batch of nothing still answers with its (empty) rows.
  if (picks.length === 0) picks.push(sql`SELECT 0 AS req, NULL::bigint AS anchor, 0 AS pos, NULL::bigint AS id, ${UNFILTERED} WHERE FALSE`);
  const details =
    fullIds.length > 0 ? sql`CASE WHEN picked.req = ${sql.lit(FULL_NOTES_BY_ID)} THEN ${t.column('n', 'details')} ELSE ${cut(q)} END` : cut(q);
  const select = sql`SELECT picked.req, picked.anchor, picked.pos, picked.left_out_before, picked.left_out,
      ${t.column('n', 'id')} AS id, ${t.column('n', 'title')} AS title, ${details} AS details,
      ${t.column('n', 'siblingOrder')}::text AS sibling_order, ${t.column('n', 'notebookId')} AS notebook_id,
      ${t.column('p', 'id')} AS parent_id, ${t.column('p', 'title')} AS parent_title, ${t.column('o', 'id')} AS object_id, ${t.column('o', 'title')} AS object_title
    FROM (${sql.join(picks, sql` UNION ALL `)}) AS picked
    JOIN ${t.table} n ON ${t.column('n', 'id')} = picked.id
    ${linkJoins(q)}
    ORDER BY picked.req, picked.pos`;
  const tables = [
    ...(readableAsTable(scope) ? [readableNotebooksTable(scope.readableNotebooks!, t)] : []),
    ...(chainStarts.length > 0 ? [ancestorChains(chainStarts, q)] : []),
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
function readableNotebooksTable(readable: ReadonlySet<number>, t: NoteTableSql): RawBuilder<unknown> {
  return sql`${t.expression('readable_notebooks')} (id) AS MATERIALIZED (SELECT unnest(${[...readable]}::bigint[]))`;
}

/** What a batch's statement is written for: the build's scope, and the host's table. */
interface Statement {
  readonly scope: ReadScope;
  readonly t: NoteTableSql;
}

/** One more code point than the truncation length is enough to know the details must be cut. */
function cut({ t, scope }: Statement): RawBuilder<unknown> {
  return sql`LEFT(${t.column('n', 'details')}, ${scope.detailsLimit + 1})`;
}

function notesById(ids: readonly number[], q: Statement, req: number): RawBuilder<unknown> {
  const { t } = q;
  return sql`SELECT ${sql.lit(req)}::int AS req, NULL::bigint AS anchor, 0 AS pos, ${t.column('n', 'id')} AS id, ${UNFILTERED} FROM ${t.table} n
    WHERE ${t.column('n', 'id')} = ANY(${ids}::bigint[]) AND ${visible('n', q)}`;
}

/**
 * Every visible ancestor of each visible start note, however deep. The recursion is a UNION, which drops
 * an (anchor, id) row already found, so a parent chain with a cycle ends; the start note is
 * never its own ancestor. The chain stops at the first invisible parent.
 */
function ancestorChains(starts: readonly number[], q: Statement): RawBuilder<unknown> {
  const { t } = q;
  const chain = t.expression('chain');
  return sql`${chain} (anchor, id) AS (
      SELECT ${t.column('s', 'id')}, ${t.column('p', 'id')} FROM ${t.table} s
        JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('s', 'parentId')} AND ${t.column('p', 'id')} <> ${t.column('s', 'id')} AND ${visible('p', q)}
        WHERE ${t.column('s', 'id')} = ANY(${starts}::bigint[]) AND ${visible('s', q)}
      UNION
      SELECT c.anchor, ${t.column('p', 'id')} FROM ${chain} c
        JOIN ${t.table} cur ON ${t.column('cur', 'id')} = c.id
        JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('cur', 'parentId')} AND ${visible('p', q)}
        WHERE ${t.column('p', 'id')} <> c.anchor
    )`;
}

/** Where a page's order reads a note's sibling key: the table's columns, or a derived table's. */
interface SiblingKeyColumns {
  readonly siblingOrder: RawBuilder<unknown>;
  readonly id: RawBuilder<unknown>;
}

/** The sibling key of `n`, the table's own row: its columns, as the host named them. */
const tableKey = ({ t }: Statement): SiblingKeyColumns => ({ siblingOrder: t.column('n', 'siblingOrder'), id: t.column('n', 'id') });

/** The sibling key of `n` in a derived table of the page's candidates, which names it itself. */
const DERIVED_KEY: SiblingKeyColumns = { siblingOrder: sql`n.sibling_order`, id: sql`n.id` };

/**
 * The tables a page reads (`n` among them, the notes it may hold), the condition on them, and the
 * page's order, of the table's rows or of a derived table's.
 */
interface PageCandidates {
  readonly from: RawBuilder<unknown>;
  readonly candidates: RawBuilder<unknown>;
  readonly order: (columns: SiblingKeyColumns) => RawBuilder<unknown>;
}

/** A page of the notes `n` that meet `candidates`, numbered in `order`. */
function page(index: number, { from, candidates, order }: PageCandidates, limit: number, q: Statement): RawBuilder<unknown> {
  const key = tableKey(q);
  return sql`(SELECT ${sql.lit(index)}::int AS req, NULL::bigint AS anchor, (ROW_NUMBER() OVER (ORDER BY ${order(key)}))::int AS pos, ${key.id} AS id, ${UNFILTERED}
    FROM ${from} WHERE ${candidates}
    ORDER BY ${order(key)} LIMIT ${limit})`;
}

const siblingOrder =
  (asc: boolean) =>
  ({ siblingOrder, id }: SiblingKeyColumns) =>
    asc ? sql`${siblingOrder} ASC NULLS FIRST, ${id} ASC` : sql`${siblingOrder} DESC NULLS LAST, ${id} DESC`;

function childrenPage(request: ChildrenPageRequest, q: Statement): PageCandidates {
  const { t } = q;
  const asc = request.direction === 'asc';
  const after = request.after ? sql`AND ${beyond(asc, siblingOrderParameter(request.after.siblingOrder), request.after.id, q)}` : sql``;
  return {
    from: sql`${t.table} n`,
    candidates: sql`${t.column('n', 'parentId')} = ${request.parentId} AND ${visible('n', q)} ${after}`,
    order: siblingOrder(asc),
  };
}

/**
 * `n` strictly beyond the key (`order`, `id`) in sibling order (`asc`) or its reverse, a NULL
 * order being before every number.
 */
function beyond(asc: boolean, order: string | null, id: number, { t }: Statement): RawBuilder<unknown> {
  const nOrder = t.column('n', 'siblingOrder');
  const nId = t.column('n', 'id');
  if (order === null) {
    return asc ? sql`(${nOrder} IS NOT NULL OR ${nId} > ${id})` : sql`(${nOrder} IS NULL AND ${nId} < ${id})`;
  }
  const key = sql`${order}::bigint`;
  return asc
    ? sql`(${nOrder} > ${key} OR (${nOrder} = ${key} AND ${nId} > ${id}))`
    : sql`(${nOrder} IS NULL OR ${nOrder} < ${key} OR (${nOrder} = ${key} AND ${nId} < ${id}))`;
}

/**
 * The first page of a note's siblings (`SiblingsPageRequest`): the children of the parent `sp`
 * of `s` beyond `s`, where `s` is the note (`up` 0) or its parent (`up` 1), each step visible.
 */
function siblingsPage(request: SiblingsPageRequest, q: Statement): PageCandidates {
  const { t } = q;
  const asc = request.direction === 'asc';
  const start =
    request.up === 0
      ? sql`${t.table} s`
      : sql`${t.table} s0 JOIN ${t.table} s ON ${t.column('s', 'id')} = ${t.column('s0', 'parentId')} AND ${visible('s', q)} AND ${t.column('s0', 'id')} = ${request.of} AND ${visible('s0', q)}`;
  const first = request.up === 0 ? sql`${t.column('s', 'id')} = ${request.of} AND ${visible('s', q)}` : sql`TRUE`;
  const [nOrder, nId, sOrder, sId] = [t.column('n', 'siblingOrder'), t.column('n', 'id'), t.column('s', 'siblingOrder'), t.column('s', 'id')];
  const beyondS = asc
    ? sql`CASE WHEN ${sOrder} IS NULL THEN ${nOrder} IS NOT NULL OR ${nId} > ${sId}
        ELSE ${nOrder} > ${sOrder} OR (${nOrder} = ${sOrder} AND ${nId} > ${sId}) END`
    : sql`CASE WHEN ${sOrder} IS NULL THEN ${nOrder} IS NULL AND ${nId} < ${sId}
        ELSE ${nOrder} IS NULL OR ${nOrder} < ${sOrder} OR (${nOrder} = ${sOrder} AND ${nId} < ${sId}) END`;
  return {
    from: sql`${start} JOIN ${t.table} sp ON ${t.column('sp', 'id')} = ${t.column('s', 'parentId')} AND ${visible('sp', q)}
      JOIN ${t.table} n ON ${t.column('n', 'parentId')} = ${t.column('sp', 'id')}`,
    candidates: sql`${first} AND ${visible('n', q)} AND ${beyondS}`,
    order: siblingOrder(asc),
  };
}

function referringPage(request: ReferringPageRequest, q: Statement): PageCandidates {
  const { t } = q;
  const after = request.afterId !== undefined ? sql`AND ${t.column('n', 'id')} > ${request.afterId}` : sql``;
  return {
    from: sql`${t.table} n`,
    candidates: sql`${t.column('n', 'objectId')} = ${request.objectId} AND ${visible('n', q)} ${after}`,
    order: ({ id }) => id,
  };
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
function filteredPage(index: number, { from, candidates, order }: PageCandidates, limit: number, filter: SizeFilter, q: Statement): RawBuilder<unknown> {
  const { t, scope } = q;
  const [title, details, parentId, parentTitle, objectId, objectTitle] = [
    t.column('n', 'title'),
    t.column('n', 'details'),
    t.column('p', 'id'),
    t.column('p', 'title'),
    t.column('o', 'id'),
    t.column('o', 'title'),
  ];
  const kept = filter.keep.length > 0 ? sql`${t.column('n', 'id')} = ANY(${filter.keep}::bigint[])` : sql`FALSE`;
  const shape = sql`(CASE WHEN COALESCE(OCTET_LENGTH(${details}), 0) = 0 THEN 0 ELSE 1 END
    + CASE WHEN ${parentId} IS NULL THEN 0 ELSE 2 END + CASE WHEN ${objectId} IS NULL THEN 0 ELSE 4 END)`;
  const shownDetails = sql`LEFT(${details}, ${scope.detailsLimit})`;
  const textBytes = sql`(COALESCE(OCTET_LENGTH(${title}), 0) + COALESCE(OCTET_LENGTH(${shownDetails}), 0)
    + COALESCE(OCTET_LENGTH(${parentTitle}), 0) + COALESCE(OCTET_LENGTH(${objectTitle}), 0))`;
  const joined = sql`CONCAT_WS(' ', '', ${title}, ${shownDetails}, ${parentTitle}, ${objectTitle})`;
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
      SELECT n.id, n.pos, n.kept, COALESCE(LAG(n.pos) OVER (ORDER BY ${order(DERIVED_KEY)}), 0) AS previous
      FROM (
        SELECT n.id, n.sibling_order, n.kept, ROW_NUMBER() OVER (ORDER BY ${order(DERIVED_KEY)}) AS pos, LEAD(n.id) OVER (ORDER BY ${order(DERIVED_KEY)}) AS next_id
        FROM (
          SELECT ${t.column('n', 'id')} AS id, ${t.column('n', 'siblingOrder')} AS sibling_order, (${small} OR ${kept}) AS kept
          FROM ${from} ${linkJoins(q)} WHERE ${candidates} ORDER BY ${order(tableKey(q))} LIMIT ${filter.scan}
        ) AS n
      ) AS n
      WHERE n.kept OR n.next_id IS NULL
      ORDER BY ${order(DERIVED_KEY)}
      LIMIT ${limit}
    ) AS shown)`;
}

/** The parent and object of `n`, each only when visible. */
function linkJoins(q: Statement): RawBuilder<unknown> {
  const { t } = q;
  return sql`LEFT JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('n', 'parentId')} AND ${visible('p', q)}
    LEFT JOIN ${t.table} o ON ${t.column('o', 'id')} = ${t.column('n', 'objectId')} AND ${visible('o', q)}`;
}

/** A sibling order as the statement takes it: exact decimal text, or NULL (before every number). */
export function siblingOrderParameter(order: SiblingOrder): string | null {
  return order === null ? null : BigInt(order).toString();
}

function visible(alias: 'n' | 'p' | 'o' | 's' | 's0' | 'sp', { t, scope }: Statement): RawBuilder<unknown> {
  const notDeleted = sql`${t.column(alias, 'deletedAt')} IS NULL`;
  if (!scope.readableNotebooks) return notDeleted;
  const notebook = t.column(alias, 'notebookId');
  if (readableAsTable(scope)) return sql`${notDeleted} AND ${notebook} IN (SELECT id FROM ${t.expression('readable_notebooks')})`;
  return sql`${notDeleted} AND ${notebook} = ANY(${[...scope.readableNotebooks]}::bigint[])`;
}
