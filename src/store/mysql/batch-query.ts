import { sql, type RawBuilder } from 'kysely';
import { shownSizeWithinSql } from '../../store/shown-size.js';
import type { ChildrenPageRequest, ReadScope, ReferringPageRequest } from '../note-store.js';
import type { CapableReadRequest } from '../reader-capabilities.js';
import type { SiblingsPageRequest } from '../siblings-page-request.js';
import type { SizeFilter } from '../size-filter.js';
import type { SiblingOrderKey } from './sibling-order-key.js';

/** `req` of rows that answer notes read by id, details cut. */
export const NOTES_BY_ID = -1;
/** `req` of rows that answer notes read by id, details in full. */
export const FULL_NOTES_BY_ID = -3;
/** `req` of rows on ancestor chains; their `anchor` names the chain's start. */
export const ANCESTOR_ROWS = -2;

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
 * bound parameter. Rows come back checked against their zod schema (note-row.ts).
 *
 * `key` says how pages of children and siblings are ordered (see sibling-order-key.ts): the
 * rows are the same either way, only the server's plan differs.
 */
export function batchQuery(
  requests: readonly CapableReadRequest[],
  scope: ReadScope,
  noteTable?: RawBuilder<unknown>,
  key: SiblingOrderKey = 'column',
): RawBuilder<unknown> {
  const picks: RawBuilder<unknown>[] = [];
  const filtered: RawBuilder<unknown>[] = [];
  const relatedIds = requests.flatMap((r) => (r.kind === 'note' && !r.full ? [r.id] : []));
  const fullIds = requests.flatMap((r) => (r.kind === 'note' && r.full ? [r.id] : []));
  const chainStarts = requests.flatMap((r) => (r.kind === 'ancestors' ? [r.id] : []));

  if (relatedIds.length > 0) picks.push(notesById(relatedIds, scope, NOTES_BY_ID));
  if (fullIds.length > 0) picks.push(notesById(fullIds, scope, FULL_NOTES_BY_ID));
  if (chainStarts.length > 0) picks.push(sql`SELECT ${sql.lit(ANCESTOR_ROWS)} AS req, chain.anchor AS anchor, chain.id AS id FROM chain`);
  requests.forEach((request, index) => {
    if (request.kind !== 'children' && request.kind !== 'siblings' && request.kind !== 'referrings') return;
    const { from, candidates, order } =
      request.kind === 'children'
        ? childrenPage(request, scope, key)
        : request.kind === 'siblings'
          ? siblingsPage(request, scope, key)
          : referringPage(request, scope);
    if (request.filter) filtered.push(pageOf(index, { from, candidates, order }, request.limit, request.filter, scope));
    else picks.push(sql`(SELECT ${sql.lit(index)} AS req, NULL AS anchor, n.id AS id FROM ${from} WHERE ${candidates} ORDER BY ${order} LIMIT ${request.limit})`);
  });
  const branches = picks.length > 0 ? [pickedNotes(picks, scope, fullIds.length > 0), ...filtered] : filtered;
  const union = sql.join(branches, sql` UNION ALL `);
  // A host's own table is one more common table expression, named `note` (see noteTableDefinition),
  // and so are many readable notebooks.
  const tables = [
    ...(noteTable ? [noteTable] : []),
    ...(readableAsTable(scope) ? [readableNotebooksTable(scope.readableNotebooks!)] : []),
    ...(chainStarts.length > 0 ? [ancestorChains(chainStarts, scope)] : []),
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
export function readableNotebooksTable(readable: ReadonlySet<number>): RawBuilder<unknown> {
  return sql`readable_notebooks (id) AS (
      SELECT j.id FROM JSON_TABLE(${JSON.stringify([...readable])}, '$[*]' COLUMNS (id BIGINT PATH '$')) AS j
    )`;
}

/** The notes whose ids `picks` chose, each row under its pick's `req` and `anchor`. */
function pickedNotes(picks: readonly RawBuilder<unknown>[], scope: ReadScope, anyFull: boolean): RawBuilder<unknown> {
  const details = anyFull ? sql`CASE WHEN picked.req = ${sql.lit(FULL_NOTES_BY_ID)} THEN n.description ELSE ${cutDetails(scope)} END` : cutDetails(scope);
  return sql`SELECT picked.req AS req, picked.anchor AS anchor, NULL AS left_out_before, NULL AS left_out, ${columnsWith(details)}
    FROM (${sql.join(picks, sql` UNION ALL `)}) AS picked
    JOIN note n ON n.id = picked.id ${linkJoins(scope)}`;
}

/**
 * Every visible ancestor of each start note, however deep: the statement must run with the
 * server's recursion limit raised (the reader does that), or MariaDB cuts the chain silently. The
 * recursion is a UNION, which drops repeated (anchor, id) rows, so a parent chain with a cycle
 * ends; the start note itself is never its own ancestor. The core orders the chain and stops it
 * at the first repeat.
 */
function ancestorChains(starts: readonly number[], scope: ReadScope): RawBuilder<unknown> {
  return sql`chain (anchor, id) AS (
      SELECT s.id, p.id FROM note s
        JOIN note p ON p.id = s.parent_id AND p.id <> s.id AND ${visible('p', scope)}
        WHERE s.id IN (${sql.join(starts)})
      UNION
      SELECT c.anchor, p.id FROM chain c
        JOIN note cur ON cur.id = c.id
        JOIN note p ON p.id = cur.parent_id AND ${visible('p', scope)}
        WHERE p.id <> c.anchor
    )`;
}

function notesById(ids: readonly number[], scope: ReadScope, req: number): RawBuilder<unknown> {
  return sql`SELECT ${sql.lit(req)} AS req, NULL AS anchor, n.id AS id FROM note n
    WHERE n.id IN (${sql.join(ids)}) AND ${visible('n', scope)}`;
}

const NOTE_N = sql`note n`;

/** Which notes a page of children may hold, in the page's order. */
function childrenPage(request: ChildrenPageRequest, scope: ReadScope, key: SiblingOrderKey): PageCandidates {
  const after = request.after ? sql`AND ${beyondKey(request.direction, request.after.siblingOrder, request.after.id)}` : sql``;
  return {
    from: NOTE_N,
    candidates: sql`n.parent_id = ${request.parentId} AND ${visible('n', scope)} ${after}`,
    order: siblingOrder(request.direction, key),
  };
}

/**
 * Which notes a first page of siblings may hold, in the page's order: the children of `sp`
 * beyond `s`, where `s` is the note (`up` 0) or its parent (`s0` the note, `up` 1) and `sp` the
 * parent of `s`, each visible. They are found by primary key, so the server reads them first
 * and bounds the children's index range with their values, as with a `ChildrenPageRequest`.
 */
function siblingsPage(request: SiblingsPageRequest, scope: ReadScope, key: SiblingOrderKey): PageCandidates {
  const start = request.up === 0 ? sql`note s` : sql`note s0 JOIN note s ON s.id = s0.parent_id AND ${visible('s', scope)}`;
  const first = request.up === 0 ? sql`s.id = ${request.of} AND ${visible('s', scope)}` : sql`s0.id = ${request.of} AND ${visible('s0', scope)}`;
  return {
    from: sql`${start} JOIN note sp ON sp.id = s.parent_id AND ${visible('sp', scope)} JOIN note n ON n.parent_id = sp.id`,
    candidates: sql`${first} AND ${visible('n', scope)} AND ${beyondKey(request.direction, sql.ref('s.sibling_order'), sql.ref('s.id'))}`,
    order: siblingOrder(request.direction, key),
  };
}

/**
 * `n` strictly beyond the sibling key (`siblingOrder`, `id`) in `direction`, a NULL order before
 * every number (MySQL's and MariaDB's own ORDER BY ... ASC puts NULL first, and DESC last).
 */
function beyondKey(direction: 'asc' | 'desc', siblingOrder: unknown, id: unknown): RawBuilder<unknown> {
  const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const sameOrder = sql`(n.sibling_order = ${siblingOrder} OR (n.sibling_order IS NULL AND ${siblingOrder} IS NULL))`;
  // Past the key's order: a greater number, or any number after a NULL key (ascending); a
  // smaller number, or NULL after a number key (descending).
  const pastOrder =
    direction === 'asc'
      ? sql`(n.sibling_order > ${siblingOrder} OR (${siblingOrder} IS NULL AND n.sibling_order IS NOT NULL))`
      : sql`(n.sibling_order < ${siblingOrder} OR (${siblingOrder} IS NOT NULL AND n.sibling_order IS NULL))`;
  return sql`(${pastOrder} OR (${sameOrder} AND n.id ${beyond} ${id}))`;
}

function siblingOrder(direction: 'asc' | 'desc', key: SiblingOrderKey): RawBuilder<unknown> {
  const order = direction === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
  return sql`${orderOf(key)} ${order}, n.id ${order}`;
}

/** `n`'s sibling order as pages sort it: the column, or an expression no index serves. */
function orderOf(key: SiblingOrderKey): RawBuilder<unknown> {
  return key === 'column' ? sql`n.sibling_order` : sql`(n.sibling_order + 0)`;
}

/** Which notes a page of referring notes may hold, in the page's order. */
function referringPage(request: ReferringPageRequest, scope: ReadScope): PageCandidates {
  const after = request.afterId !== undefined ? sql`AND n.id > ${request.afterId}` : sql``;
  return { from: NOTE_N, candidates: sql`n.target_note_id = ${request.objectId} AND ${visible('n', scope)} ${after}`, order: sql`n.id` };
}

/** The tables a page reads (`n` among them, the notes it may hold), the condition on them, and the page's order. */
interface PageCandidates {
  readonly from: RawBuilder<unknown>;
  readonly candidates: RawBuilder<unknown>;
  readonly order: RawBuilder<unknown>;
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
  scope: ReadScope,
): RawBuilder<unknown> {
  const kept = filter.keep.length > 0 ? sql`n.id IN (${sql.join(filter.keep)})` : sql`FALSE`;
  const small = shownSizeWithinSql(sql, filter, scope.detailsLimit);
  return page(
    index,
    sql`SELECT ${sql.lit(index)} AS req, NULL AS anchor, shown.pos - shown.previous - 1 AS left_out_before,
        NOT shown.kept AS left_out, ${noteColumns(scope, false)}
      FROM (
        SELECT ranked.id, ranked.pos, ranked.kept, COALESCE(LAG(ranked.pos) OVER (ORDER BY ranked.pos), 0) AS previous
        FROM (
          SELECT n.id, ROW_NUMBER() OVER (ORDER BY ${order}) AS pos, COUNT(*) OVER () AS examined, n.kept
          FROM (
            SELECT n.id, n.sibling_order, (${small} OR ${kept}) AS kept
            FROM ${from} ${linkJoins(scope)} WHERE ${candidates} ORDER BY ${order} LIMIT ${filter.scan}
          ) AS n
        ) AS ranked
        WHERE ranked.kept OR ranked.pos = ranked.examined
        ORDER BY ranked.pos
        LIMIT ${limit}
      ) AS shown
      JOIN note n ON n.id = shown.id ${linkJoins(scope)}`,
  );
}

/** A derived table keeps a branch's ORDER BY and LIMIT its own inside the union. */
function page(index: number, select: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`SELECT * FROM (${select}) AS ${sql.raw(`page${index}`)}`;
}

function noteColumns(scope: ReadScope, full: boolean): RawBuilder<unknown> {
  return columnsWith(full ? sql`n.description` : cutDetails(scope));
}

/**
 * Details of a related note: LEFT counts characters, which in utf8mb4 are code points; one more
 * than the truncation length is enough to know the details must be cut; the cut itself is the core's.
 */
function cutDetails(scope: ReadScope): RawBuilder<unknown> {
  return sql`LEFT(n.description, ${scope.detailsLimit + 1})`;
}

function columnsWith(details: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`n.id AS id, n.topic_constructor AS title, ${details} AS details,
    n.sibling_order AS sibling_order, n.notebook_id AS notebook_id,
    p.id AS parent_id, p.topic_constructor AS parent_title,
    o.id AS object_id, o.topic_constructor AS object_title`;
}

/** The parent and object of `n`, each only when visible. */
function linkJoins(scope: ReadScope): RawBuilder<unknown> {
  return sql`LEFT JOIN note p ON p.id = n.parent_id AND ${visible('p', scope)}
    LEFT JOIN note o ON o.id = n.target_note_id AND ${visible('o', scope)}`;
}

function visible(alias: 'n' | 'p' | 'o' | 's' | 's0' | 'sp', scope: ReadScope): RawBuilder<unknown> {
  const table = sql.raw(alias);
  const notDeleted = sql`${table}.deleted_at IS NULL`;
  if (!scope.readableNotebooks) return notDeleted;
  if (readableAsTable(scope)) return sql`${notDeleted} AND ${table}.notebook_id IN (SELECT id FROM readable_notebooks)`;
  // `IN ()` is not SQL; no notebook has id 0, so an empty list then matches nothing.
  const readable = scope.readableNotebooks.size > 0 ? [...scope.readableNotebooks] : [0];
  return sql`${notDeleted} AND ${table}.notebook_id IN (${sql.join(readable)})`;
}
