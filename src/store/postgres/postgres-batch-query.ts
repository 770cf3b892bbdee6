import { sql, type RawBuilder } from 'kysely';
import type { ChildrenPageRequest, ReadRequest, ReadScope, ReferringPageRequest, SiblingsPageRequest } from '../note-store.js';

/** `req` of rows that answer notes read by id, details cut. */
export const NOTES_BY_ID = -1;
/** `req` of rows on ancestor chains; their `anchor` names the chain's start. */
export const ANCESTOR_ROWS = -2;
/** `req` of rows that answer notes read by id, details in full. */
export const FULL_NOTES_BY_ID = -3;

/**
 * One PostgreSQL statement answering a whole batch of read requests, so a batch costs one round
 * trip however many requests it holds. The notes each request answers are picked by a UNION ALL
 * of one member per kind (notes by id, ancestor chains) or page (keyset-bounded, with its own
 * ORDER BY and LIMIT, numbered in that order by `pos`); the notes, their parent and their object
 * are then joined once for all. Deleted and unreadable notes, parents and objects are filtered
 * here, in SQL. Every value is a bound parameter; ids and notebooks go as one array each.
 *
 * Written against Doughnut's names; a host's own table is put in their place by
 * `withNoteTable` (src/store/sql/mapped-note-table.ts).
 *
 * Sibling order: ascending puts a NULL `sibling_order` before every number (as MySQL does), then
 * by id; descending is the exact reverse. `sibling_order` comes back as text, so a BIGINT beyond
 * 2^53 reaches the reader whole.
 */
export function postgresBatchQuery(requests: readonly ReadRequest[], scope: ReadScope): RawBuilder<unknown> {
  const picks: RawBuilder<unknown>[] = [];
  const cutIds = requests.flatMap((r) => (r.kind === 'note' && !r.full ? [r.id] : []));
  const fullIds = requests.flatMap((r) => (r.kind === 'note' && r.full ? [r.id] : []));
  const chainStarts = requests.flatMap((r) => (r.kind === 'ancestors' ? [r.id] : []));
  if (cutIds.length > 0) picks.push(notesById(cutIds, scope, NOTES_BY_ID));
  if (fullIds.length > 0) picks.push(notesById(fullIds, scope, FULL_NOTES_BY_ID));
  if (chainStarts.length > 0) picks.push(sql`SELECT ${sql.lit(ANCESTOR_ROWS)}::int AS req, chain.anchor, 0 AS pos, chain.id FROM chain`);
  requests.forEach((request, index) => {
    if (request.kind === 'children') picks.push(childrenPage(index, request, scope));
    else if (request.kind === 'referrings') picks.push(referringPage(index, request, scope));
    else if (request.kind === 'siblings') picks.push(siblingsPage(index, request, scope));
  });
  // A batch of nothing still answers with its (empty) rows.
  if (picks.length === 0) picks.push(sql`SELECT 0 AS req, NULL::bigint AS anchor, 0 AS pos, NULL::bigint AS id WHERE FALSE`);
  const details =
    fullIds.length > 0 ? sql`CASE WHEN picked.req = ${sql.lit(FULL_NOTES_BY_ID)} THEN n.description ELSE ${cut(scope)} END` : cut(scope);
  const select = sql`SELECT picked.req, picked.anchor, picked.pos, n.id, n.topic_constructor AS title, ${details} AS details,
      n.sibling_order::text AS sibling_order, n.notebook_id,
      p.id AS parent_id, p.topic_constructor AS parent_title, o.id AS object_id, o.topic_constructor AS object_title
    FROM (${sql.join(picks, sql` UNION ALL `)}) AS picked
    JOIN note n ON n.id = picked.id
    LEFT JOIN note p ON p.id = n.parent_id AND ${visible('p', scope)}
    LEFT JOIN note o ON o.id = n.target_note_id AND ${visible('o', scope)}
    ORDER BY picked.req, picked.pos`;
  return chainStarts.length > 0 ? sql`${ancestorChains(chainStarts, scope)} ${select}` : select;
}

/** One more code point than the truncation length is enough to know the details must be cut. */
function cut(scope: ReadScope): RawBuilder<unknown> {
  return sql`LEFT(n.description, ${scope.detailsLimit + 1})`;
}

function notesById(ids: readonly number[], scope: ReadScope, req: number): RawBuilder<unknown> {
  return sql`SELECT ${sql.lit(req)}::int AS req, NULL::bigint AS anchor, 0 AS pos, n.id FROM note n
    WHERE n.id = ANY(${ids}::bigint[]) AND ${visible('n', scope)}`;
}

/**
 * Every visible ancestor of each visible start note, however deep. The recursion is a UNION, which drops
 * an (anchor, id) row already found, so a parent chain with a cycle ends; the start note is
 * never its own ancestor. The chain stops at the first invisible parent.
 */
function ancestorChains(starts: readonly number[], scope: ReadScope): RawBuilder<unknown> {
  return sql`WITH RECURSIVE chain (anchor, id) AS (
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

function childrenPage(index: number, request: ChildrenPageRequest, scope: ReadScope): RawBuilder<unknown> {
  const asc = request.direction === 'asc';
  const order = asc ? sql`n.sibling_order ASC NULLS FIRST, n.id ASC` : sql`n.sibling_order DESC NULLS LAST, n.id DESC`;
  const after = request.after ? sql`AND ${beyond(asc, siblingOrderParameter(request.after.siblingOrder), request.after.id)}` : sql``;
  return sql`(SELECT ${sql.lit(index)}::int AS req, NULL::bigint AS anchor, (ROW_NUMBER() OVER (ORDER BY ${order}))::int AS pos, n.id
    FROM note n WHERE n.parent_id = ${request.parentId} AND ${visible('n', scope)} ${after}
    ORDER BY ${order} LIMIT ${request.limit})`;
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
 * A size filter is not evaluated: the page holds every note, none left out, which the core
 * reads as a page nothing was left out of.
 */
function siblingsPage(index: number, request: SiblingsPageRequest, scope: ReadScope): RawBuilder<unknown> {
  const asc = request.direction === 'asc';
  const order = asc ? sql`n.sibling_order ASC NULLS FIRST, n.id ASC` : sql`n.sibling_order DESC NULLS LAST, n.id DESC`;
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
  return sql`(SELECT ${sql.lit(index)}::int AS req, NULL::bigint AS anchor, (ROW_NUMBER() OVER (ORDER BY ${order}))::int AS pos, n.id
    FROM ${start} JOIN note sp ON sp.id = s.parent_id AND ${visible('sp', scope)} JOIN note n ON n.parent_id = sp.id
    WHERE ${first} AND ${visible('n', scope)} AND ${beyondS}
    ORDER BY ${order} LIMIT ${request.limit})`;
}

function referringPage(index: number, request: ReferringPageRequest, scope: ReadScope): RawBuilder<unknown> {
  const after = request.afterId !== undefined ? sql`AND n.id > ${request.afterId}` : sql``;
  return sql`(SELECT ${sql.lit(index)}::int AS req, NULL::bigint AS anchor, (ROW_NUMBER() OVER (ORDER BY n.id))::int AS pos, n.id
    FROM note n WHERE n.target_note_id = ${request.objectId} AND ${visible('n', scope)} ${after}
    ORDER BY n.id LIMIT ${request.limit})`;
}

/** A sibling order as the statement takes it: exact decimal text, NULL for the order before every number. */
export function siblingOrderParameter(order: number | bigint | string | null): string | null {
  if (order === null || order === -Infinity) return null;
  return typeof order === 'number' ? BigInt(order).toString() : String(order);
}

function visible(alias: 'n' | 'p' | 'o' | 's' | 's0' | 'sp', scope: ReadScope): RawBuilder<unknown> {
  const notDeleted = sql`${sql.raw(alias)}.deleted_at IS NULL`;
  if (!scope.readableNotebooks) return notDeleted;
  return sql`${notDeleted} AND ${sql.raw(alias)}.notebook_id = ANY(${[...scope.readableNotebooks]}::bigint[])`;
}
