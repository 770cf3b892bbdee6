import { sql, type RawBuilder } from 'kysely';
import { shownSizeWithinSql } from '../../store/shown-size.js';
import { ANCESTOR_ROWS, FULL_NOTES_BY_ID, NOTES_BY_ID } from '../sql/answer-batch.js';
import { DOUGHNUT_NOTE_TABLE, type ResolvedNoteTable } from '../sql/note-table-names.js';
import { noteTableSql, type NoteTableSql } from '../sql/note-table-sql.js';
import type { ChildrenPageRequest, ReadScope, ReferringPageRequest } from '../note-store.js';
import type { CapableReadRequest } from '../reader-capabilities.js';
import type { SiblingsPageRequest } from '../siblings-page-request.js';
import type { SizeFilter } from '../size-filter.js';
import type { SiblingOrderKey } from './sibling-order-key.js';


/**
 * One SQL statement that answers a whole batch of read requests, so that a batch costs one round
 * trip. Its first branch picks the ids each request answers, as a UNION ALL of one member per
 * request kind or page (a page is keyset-bounded, with its own ORDER BY and LIMIT), and joins the
 * notes, their parent and their object once for all of them; each page read with a `SizeFilter`
 * is a branch of its own. Visibility (deleted, readable notebooks) is applied in SQL to the notes
 * and to their parent and object.
 *
 * One join over the picked ids rather than one per page: the server materialises and joins each
 * derived table on its own, which cost about a third of a typical read's time.
 *
 * Written with Kysely's `sql` template rather than its query builder: the statement is a union of
 * limited selects under a recursive CTE, which the template says plainly, with every value a
 * bound parameter. Rows come back checked against their zod schema (note-row.ts). The host's
 * table and columns are named as the host named them (see note-table-sql.ts).
 *
 * `key` says how pages of children and siblings are ordered (see sibling-order-key.ts): the
 * rows are the same either way, only the server's plan differs.
 */
export function batchQuery(
  requests: readonly CapableReadRequest[],
  scope: ReadScope,
  names: ResolvedNoteTable = DOUGHNUT_NOTE_TABLE,
  key: SiblingOrderKey = 'column',
): RawBuilder<unknown> {
  const q: Statement = { scope, t: noteTableSql(names) };
  const picks: RawBuilder<unknown>[] = [];
  const filtered: RawBuilder<unknown>[] = [];
  const relatedIds = requests.flatMap((r) => (r.kind === 'note' && !r.full ? [r.id] : []));
  const fullIds = requests.flatMap((r) => (r.kind === 'note' && r.full ? [r.id] : []));
  const chainStarts = requests.flatMap((r) => (r.kind === 'ancestors' ? [r.id] : []));

  if (relatedIds.length > 0) picks.push(notesById(relatedIds, q, NOTES_BY_ID));
  if (fullIds.length > 0) picks.push(notesById(fullIds, q, FULL_NOTES_BY_ID));
  if (chainStarts.length > 0) picks.push(sql`SELECT ${sql.lit(ANCESTOR_ROWS)} AS req, c.anchor AS anchor, c.id AS id FROM ${q.t.expression('chain')} c`);
  requests.forEach((request, index) => {
    if (request.kind !== 'children' && request.kind !== 'siblings' && request.kind !== 'referrings') return;
    const { from, candidates, order } =
      request.kind === 'children'
        ? childrenPage(request, q, key)
        : request.kind === 'siblings'
          ? siblingsPage(request, q, key)
          : referringPage(request, q);
    if (request.filter) filtered.push(pageOf(index, { from, candidates, order }, request.limit, request.filter, q));
    else picks.push(sql`(SELECT ${sql.lit(index)} AS req, NULL AS anchor, ${q.t.column('n', 'id')} AS id FROM ${from} WHERE ${candidates} ORDER BY ${order(NOTE_N_KEY(q))} LIMIT ${request.limit})`);
  });
  const branches = picks.length > 0 ? [pickedNotes(picks, q, fullIds.length > 0), ...filtered] : filtered;
  const union = sql.join(branches, sql` UNION ALL `);
  // Many readable notebooks are a common table expression, and so are the ancestor chains.
  const tables = [
    ...(readableAsTable(scope) ? [readableNotebooksTable(scope.readableNotebooks!, q.t)] : []),
    ...(chainStarts.length > 0 ? [ancestorChains(chainStarts, q)] : []),
  ];
  return tables.length > 0 ? sql`WITH RECURSIVE ${sql.join(tables, sql`, `)} ${union}` : union;
}

/**
 * Past this many readable notebooks, the list is sent once, as one JSON parameter read by
 * JSON_TABLE into a table the statement names wherever visibility is checked, rather than as an
 * `IN (…)` list at each of those places: 100,000 ids written a dozen times made a statement of
 * megabytes that the server took longer to parse than a statement may run.
 */
export const MOST_READABLE_NOTEBOOKS_INLINE = 1_000;

const readableAsTable = (scope: ReadScope) => (scope.readableNotebooks?.size ?? 0) > MOST_READABLE_NOTEBOOKS_INLINE;

/** The readable notebooks as the table `readable_notebooks (id)`, from one JSON parameter. */
export function readableNotebooksTable(readable: ReadonlySet<number>, t: NoteTableSql): RawBuilder<unknown> {
  return sql`${t.expression('readable_notebooks')} (id) AS (
      SELECT j.id FROM JSON_TABLE(${JSON.stringify([...readable])}, '$[*]' COLUMNS (id BIGINT PATH '$')) AS j
    )`;
}

/** The notes whose ids `picks` chose, each row under its pick's `req` and `anchor`. */
function pickedNotes(picks: readonly RawBuilder<unknown>[], q: Statement, anyFull: boolean): RawBuilder<unknown> {
  const { t } = q;
  const details = anyFull ? sql`CASE WHEN picked.req = ${sql.lit(FULL_NOTES_BY_ID)} THEN ${t.column('n', 'details')} ELSE ${cutDetails(q)} END` : cutDetails(q);
  return sql`SELECT picked.req AS req, picked.anchor AS anchor, NULL AS left_out_before, NULL AS left_out, ${columnsWith(details, t)}
    FROM (${sql.join(picks, sql` UNION ALL `)}) AS picked
    JOIN ${t.table} n ON ${t.column('n', 'id')} = picked.id ${linkJoins(q)}`;
}

/**
 * Every visible ancestor of each start note, however deep: the statement must run with the
 * server's recursion limit raised (the reader does that), or MariaDB cuts the chain silently. The
 * recursion is a UNION, which drops repeated (anchor, id) rows, so a parent chain with a cycle
 * ends; the start note itself is never its own ancestor. The core orders the chain and stops it
 * at the first repeat.
 */
function ancestorChains(starts: readonly number[], q: Statement): RawBuilder<unknown> {
  const { t } = q;
  const chain = t.expression('chain');
  return sql`${chain} (anchor, id) AS (
      SELECT ${t.column('s', 'id')}, ${t.column('p', 'id')} FROM ${t.table} s
        JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('s', 'parentId')} AND ${t.column('p', 'id')} <> ${t.column('s', 'id')} AND ${visible('p', q)}
        WHERE ${t.column('s', 'id')} IN (${sql.join(starts)})
      UNION
      SELECT c.anchor, ${t.column('p', 'id')} FROM ${chain} c
        JOIN ${t.table} cur ON ${t.column('cur', 'id')} = c.id
        JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('cur', 'parentId')} AND ${visible('p', q)}
        WHERE ${t.column('p', 'id')} <> c.anchor
    )`;
}

function notesById(ids: readonly number[], q: Statement, req: number): RawBuilder<unknown> {
  const { t } = q;
  return sql`SELECT ${sql.lit(req)} AS req, NULL AS anchor, ${t.column('n', 'id')} AS id FROM ${t.table} n
    WHERE ${t.column('n', 'id')} IN (${sql.join(ids)}) AND ${visible('n', q)}`;
}

/** What a batch's statement is written for: the build's scope, and the host's table. */
interface Statement {
  readonly scope: ReadScope;
  readonly t: NoteTableSql;
}

/** The sibling key of `n`, the table's own row: its columns, as the host named them. */
const NOTE_N_KEY = ({ t }: Statement): SiblingKeyColumns => ({ siblingOrder: t.column('n', 'siblingOrder'), id: t.column('n', 'id') });

/** Which notes a page of children may hold, in the page's order. */
function childrenPage(request: ChildrenPageRequest, q: Statement, key: SiblingOrderKey): PageCandidates {
  const { t } = q;
  const after = request.after ? sql`AND ${beyondKey(request.direction, request.after.siblingOrder, request.after.id, q)}` : sql``;
  return {
    from: sql`${t.table} n`,
    candidates: sql`${t.column('n', 'parentId')} = ${request.parentId} AND ${visible('n', q)} ${after}`,
    order: (columns) => siblingOrder(request.direction, key, columns),
  };
}

/**
 * Which notes a first page of siblings may hold, in the page's order: the children of `sp`
 * beyond `s`, where `s` is the note (`up` 0) or its parent (`s0` the note, `up` 1) and `sp` the
 * parent of `s`, each visible. They are found by primary key, so the server reads them first
 * and bounds the children's index range with their values, as with a `ChildrenPageRequest`.
 */
function siblingsPage(request: SiblingsPageRequest, q: Statement, key: SiblingOrderKey): PageCandidates {
  const { t } = q;
  const start =
    request.up === 0
      ? sql`${t.table} s`
      : sql`${t.table} s0 JOIN ${t.table} s ON ${t.column('s', 'id')} = ${t.column('s0', 'parentId')} AND ${visible('s', q)}`;
  const first =
    request.up === 0
      ? sql`${t.column('s', 'id')} = ${request.of} AND ${visible('s', q)}`
      : sql`${t.column('s0', 'id')} = ${request.of} AND ${visible('s0', q)}`;
  return {
    from: sql`${start} JOIN ${t.table} sp ON ${t.column('sp', 'id')} = ${t.column('s', 'parentId')} AND ${visible('sp', q)}
      JOIN ${t.table} n ON ${t.column('n', 'parentId')} = ${t.column('sp', 'id')}`,
    candidates: sql`${first} AND ${visible('n', q)} AND ${beyondKey(request.direction, t.column('s', 'siblingOrder'), t.column('s', 'id'), q)}`,
    order: (columns) => siblingOrder(request.direction, key, columns),
  };
}

/**
 * `n` strictly beyond the sibling key (`siblingOrder`, `id`) in `direction`, a NULL order before
 * every number (MySQL's and MariaDB's own ORDER BY ... ASC puts NULL first, and DESC last).
 */
function beyondKey(direction: 'asc' | 'desc', siblingOrder: unknown, id: unknown, { t }: Statement): RawBuilder<unknown> {
  const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const order = t.column('n', 'siblingOrder');
  const sameOrder = sql`(${order} = ${siblingOrder} OR (${order} IS NULL AND ${siblingOrder} IS NULL))`;
  // Past the key's order: a greater number, or any number after a NULL key (ascending); a
  // smaller number, or NULL after a number key (descending).
  const pastOrder =
    direction === 'asc'
      ? sql`(${order} > ${siblingOrder} OR (${siblingOrder} IS NULL AND ${order} IS NOT NULL))`
      : sql`(${order} < ${siblingOrder} OR (${siblingOrder} IS NOT NULL AND ${order} IS NULL))`;
  return sql`(${pastOrder} OR (${sameOrder} AND ${t.column('n', 'id')} ${beyond} ${id}))`;
}

/** Where a page's order reads a note's sibling key: the table's columns, or a derived table's. */
interface SiblingKeyColumns {
  readonly siblingOrder: RawBuilder<unknown>;
  readonly id: RawBuilder<unknown>;
}

/** The sibling key of `n` in a derived table of the page's candidates, which names it itself. */
const DERIVED_KEY: SiblingKeyColumns = { siblingOrder: sql`n.sibling_order`, id: sql`n.id` };

function siblingOrder(direction: 'asc' | 'desc', key: SiblingOrderKey, columns: SiblingKeyColumns): RawBuilder<unknown> {
  const order = direction === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
  return sql`${orderOf(key, columns.siblingOrder)} ${order}, ${columns.id} ${order}`;
}

/** The sibling order as pages sort it: the column, or an expression no index serves. */
function orderOf(key: SiblingOrderKey, column: RawBuilder<unknown>): RawBuilder<unknown> {
  return key === 'column' ? column : sql`(${column} + 0)`;
}

/** Which notes a page of referring notes may hold, in the page's order. */
function referringPage(request: ReferringPageRequest, q: Statement): PageCandidates {
  const { t } = q;
  const after = request.afterId !== undefined ? sql`AND ${t.column('n', 'id')} > ${request.afterId}` : sql``;
  return {
    from: sql`${t.table} n`,
    candidates: sql`${t.column('n', 'objectId')} = ${request.objectId} AND ${visible('n', q)} ${after}`,
    order: (columns) => columns.id,
  };
}

/**
 * The tables a page reads (`n` among them, the notes it may hold), the condition on them, and the
 * page's order, of the table's rows or of a derived table's.
 */
interface PageCandidates {
  readonly from: RawBuilder<unknown>;
  readonly candidates: RawBuilder<unknown>;
  readonly order: (columns: SiblingKeyColumns) => RawBuilder<unknown>;
}

/**
 * A page of the notes `n` that meet `candidates`, in `order`. With a size `filter`, the page
 * examines the first `filter.scan` candidates only, leaves out those that show too much text, and
 * each row carries how many were left out just before it: positions come from ROW_NUMBER over the
 * candidates examined, gaps from LAG over the rows kept. The last candidate examined comes back
 * too when it was left out, marked `left_out`, so the next page starts after it.
 */
function pageOf(
  index: number,
  { from, candidates, order }: PageCandidates,
  limit: number,
  filter: SizeFilter,
  q: Statement,
): RawBuilder<unknown> {
  const { t, scope } = q;
  const kept = filter.keep.length > 0 ? sql`${t.column('n', 'id')} IN (${sql.join(filter.keep)})` : sql`FALSE`;
  const small = shownSizeWithinSql(sql, filter, scope.detailsLimit, {
    title: t.column('n', 'title'),
    details: t.column('n', 'details'),
    parentId: t.column('p', 'id'),
    parentTitle: t.column('p', 'title'),
    objectId: t.column('o', 'id'),
    objectTitle: t.column('o', 'title'),
  });
  return page(
    index,
    sql`SELECT ${sql.lit(index)} AS req, NULL AS anchor, shown.pos - shown.previous - 1 AS left_out_before,
        NOT shown.kept AS left_out, ${noteColumns(q, false)}
      FROM (
        SELECT ranked.id, ranked.pos, ranked.kept, COALESCE(LAG(ranked.pos) OVER (ORDER BY ranked.pos), 0) AS previous
        FROM (
          SELECT n.id, ROW_NUMBER() OVER (ORDER BY ${order(DERIVED_KEY)}) AS pos, COUNT(*) OVER () AS examined, n.kept
          FROM (
            SELECT ${t.column('n', 'id')} AS id, ${t.column('n', 'siblingOrder')} AS sibling_order, (${small} OR ${kept}) AS kept
            FROM ${from} ${linkJoins(q)} WHERE ${candidates} ORDER BY ${order(NOTE_N_KEY(q))} LIMIT ${filter.scan}
          ) AS n
        ) AS ranked
        WHERE ranked.kept OR ranked.pos = ranked.examined
        ORDER BY ranked.pos
        LIMIT ${limit}
      ) AS shown
      JOIN ${t.table} n ON ${t.column('n', 'id')} = shown.id ${linkJoins(q)}`,
  );
}

/** A derived table keeps a branch's ORDER BY and LIMIT its own inside the union. */
function page(index: number, select: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`SELECT * FROM (${select}) AS ${sql.raw(`page${index}`)}`;
}

function noteColumns(q: Statement, full: boolean): RawBuilder<unknown> {
  return columnsWith(full ? q.t.column('n', 'details') : cutDetails(q), q.t);
}

/**
 * Details of a related note: LEFT counts characters, which in utf8mb4 are code points; one more
 * than the truncation length is enough to know the details must be cut; the cut itself is the core's.
 */
function cutDetails({ t, scope }: Statement): RawBuilder<unknown> {
  return sql`LEFT(${t.column('n', 'details')}, ${scope.detailsLimit + 1})`;
}

function columnsWith(details: RawBuilder<unknown>, t: NoteTableSql): RawBuilder<unknown> {
  return sql`${t.column('n', 'id')} AS id, ${t.column('n', 'title')} AS title, ${details} AS details,
    ${t.column('n', 'siblingOrder')} AS sibling_order, ${t.column('n', 'notebookId')} AS notebook_id,
    ${t.column('p', 'id')} AS parent_id, ${t.column('p', 'title')} AS parent_title,
    ${t.column('o', 'id')} AS object_id, ${t.column('o', 'title')} AS object_title`;
}

/** The parent and object of `n`, each only when visible. */
function linkJoins(q: Statement): RawBuilder<unknown> {
  const { t } = q;
  return sql`LEFT JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('n', 'parentId')} AND ${visible('p', q)}
    LEFT JOIN ${t.table} o ON ${t.column('o', 'id')} = ${t.column('n', 'objectId')} AND ${visible('o', q)}`;
}

function visible(alias: 'n' | 'p' | 'o' | 's' | 's0' | 'sp', { t, scope }: Statement): RawBuilder<unknown> {
  const notDeleted = sql`${t.column(alias, 'deletedAt')} IS NULL`;
  if (!scope.readableNotebooks) return notDeleted;
  const notebook = t.column(alias, 'notebookId');
  if (readableAsTable(scope)) return sql`${notDeleted} AND ${notebook} IN (SELECT id FROM ${t.expression('readable_notebooks')})`;
  // `IN ()` is not SQL; no notebook has id 0, so an empty list then matches nothing.
  const readable = scope.readableNotebooks.size > 0 ? [...scope.readableNotebooks] : [0];
  return sql`${notDeleted} AND ${notebook} IN (${sql.join(readable)})`;
}
