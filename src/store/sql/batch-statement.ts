import { sql, type RawBuilder } from 'kysely';
import { compareSiblingKeys } from '../../model/note-record.js';
import type { ChildrenPageRequest, ReadScope, ReferringPageRequest } from '../note-store.js';
import type { ExtendedReadRequest, FilteredPageRequest, SiblingsPageRequest } from '../read-request.js';
import type { SizeFilter } from '../size-filter.js';
import { ANCESTOR_ROWS, FULL_NOTES_BY_ID, LINKING_CANDIDATES, LINKING_NAMESAKES, NAMESAKES_OF_KEYS, NOTES_BY_ID } from './sql-note-row.js';
import { readableAsTable } from './most-readable-notebooks-inline.js';
import type { ResolvedNoteTable } from './note-table-names.js';
import { noteTableSql, type NoteTableSql } from './note-table-sql.js';
import { shownSizeWithinSql } from './shown-size-within-sql.js';
import type { SiblingKeyColumns, SqlDialect } from './sql-dialect.js';

type Sql = RawBuilder<unknown>;

/**
 * One statement per batch: a UNION ALL of picks of note ids, then notes, parents and objects joined once for all
 * (joining each pick apart cost MySQL a third of a read). Links are resolved by batch-reads.ts (`titleKeys`).
 */
export function batchStatement(
  requests: readonly ExtendedReadRequest[],
  scope: ReadScope,
  dialect: SqlDialect,
  names: ResolvedNoteTable,
  titleKeys: readonly string[] = [],
): Sql {
  const q: Statement = { scope, t: noteTableSql(names), dialect };
  const { t } = q;
  const picks: Sql[] = [];
  const apart: Sql[] = [];
  const cutIds = requests.flatMap((r) => (r.kind === 'note' && !r.full ? [r.id] : []));
  // A linked request's note in full: its details are where its links are.
  const fullIds = requests.flatMap((r) => ((r.kind === 'note' && r.full) || r.kind === 'linked' ? [r.id] : []));
  const linkingIds = [...new Set(requests.flatMap((r) => (r.kind === 'linking' ? [r.id] : [])))];
  const chainStarts = requests.flatMap((r) => (r.kind === 'ancestors' ? [r.id] : []));
  if (cutIds.length > 0) picks.push(notesById(cutIds, q, NOTES_BY_ID));
  if (fullIds.length > 0) picks.push(notesById(fullIds, q, FULL_NOTES_BY_ID));
  if (chainStarts.length > 0) {
    picks.push(sql`SELECT ${dialect.pick(ANCESTOR_ROWS, sql`c.id`, { anchor: sql`c.anchor` })} FROM ${t.expression('chain')} c`);
  }
  for (const id of linkingIds) picks.push(linkingCandidates(id, q), linkingNamesakes(id, q));
  if (titleKeys.length > 0) picks.push(namesakesOfKeys(titleKeys, q));
  const bothWays = dialect.filteredPagesApart ? pagesBothWays(requests) : new Map<number, number>();
  requests.forEach((request, index) => {
    if (request.kind !== 'children' && request.kind !== 'siblings' && request.kind !== 'referrings') return;
    const candidates = pageCandidates(request, q);
    const other = bothWays.get(index);
    if (other !== undefined) {
      if (other > index) apart.push(filteredPagesBothWays([index, other], requests as readonly FilteredChildrenPage[], q));
    } else if (!request.filter) picks.push(page(index, candidates, request.limit, q));
    else if (dialect.filteredPagesApart) apart.push(filteredPageApart(sql.lit(index), index, shown(candidates, request.filter, request.limit, q), q));
    else picks.push(filteredPick(index, shown(candidates, request.filter, request.limit, q), q));
  });
  if (picks.length === 0 && dialect.noPicks) picks.push(dialect.noPicks);
  // Notes read by id in full, and notes that may link to a note, whose links are in all their details.
  const whole = [...(fullIds.length > 0 ? [FULL_NOTES_BY_ID] : []), ...(linkingIds.length > 0 ? [LINKING_CANDIDATES] : [])];
  const details =
    whole.length > 0 ? sql`CASE WHEN picked.req IN (${sql.join(whole.map((req) => sql.lit(req)))}) THEN ${t.column('n', 'details')} ELSE ${cut(q)} END` : cut(q);
  const picked = picks.length === 0 ? [] : [sql`SELECT ${dialect.pickedColumns}, ${noteColumns(details, q)}
    FROM (${sql.join(picks, sql` UNION ALL `)}) AS picked
    JOIN ${t.table} n ON ${t.column('n', 'id')} = picked.id ${linkJoins(q)}${dialect.batchOrder}`];
  const union = sql.join([...picked, ...apart], sql` UNION ALL `);
  const tables = [
    ...(readableAsTable(scope) ? [sql`${t.expression('readable_notebooks')} (id) AS ${dialect.readableNotebooksTable([...scope.readableNotebooks!])}`] : []),
    ...(chainStarts.length > 0 ? [ancestorChains(chainStarts, q)] : []),
  ];
  return tables.length > 0 ? sql`WITH RECURSIVE ${sql.join(tables, sql`, `)} ${union}` : union;
}

/** What a batch's statement is written for: the build's scope, the host's table, the engine. */
interface Statement {
  readonly scope: ReadScope;
  readonly t: NoteTableSql;
  readonly dialect: SqlDialect;
}

/** The columns of a note row: `n` with its visible parent `p` and object `o`, its details as given. */
function noteColumns(details: Sql, { t, dialect }: Statement): Sql {
  return sql`${t.column('n', 'id')} AS id, ${t.column('n', 'title')} AS title, ${details} AS details,
    ${dialect.siblingOrderOut(t.column('n', 'siblingOrder'))} AS sibling_order, ${t.column('n', 'notebookId')} AS notebook_id,
    ${t.column('p', 'id')} AS parent_id, ${t.column('p', 'title')} AS parent_title,
    ${t.column('o', 'id')} AS object_id, ${t.column('o', 'title')} AS object_title`;
}

/** A related note's details: LEFT counts code points; one past the limit tells the core to cut. */
function cut({ t, scope }: Statement): Sql {
  return sql`LEFT(${t.column('n', 'details')}, ${scope.detailsLimit + 1})`;
}

function notesById(ids: readonly number[], q: Statement, req: number): Sql {
  const { t, dialect } = q;
  return sql`SELECT ${dialect.pick(req, t.column('n', 'id'))} FROM ${t.table} n
    WHERE ${dialect.idIn(t.column('n', 'id'), ids)} AND ${visible('n', q)}`;
}

/** The visible notes whose details may link to the visible note `id` (`anchor`), narrowed as `holdsTitleKey` says. */
function linkingCandidates(id: number, q: Statement): Sql {
  const { t, dialect } = q;
  return sql`SELECT ${dialect.pick(LINKING_CANDIDATES, t.column('n', 'id'), { anchor: t.column('f', 'id') })}
    FROM ${t.table} f JOIN ${t.table} n ON ${dialect.holdsTitleKey(t.column('n', 'details'), t.column('f', 'title'))}
    WHERE ${t.column('f', 'id')} = ${id} AND ${visible('f', q)} AND ${visible('n', q)}`;
}

/** The visible notes whose title may match that of visible note `id` (`anchor`): per notebook and title the smallest id, as links resolve. */
function linkingNamesakes(id: number, q: Statement): Sql {
  const { t, dialect } = q;
  return sql`SELECT ${dialect.pick(LINKING_NAMESAKES, sql`MIN(${t.column('n', 'id')})`, { anchor: sql`MIN(${t.column('f', 'id')})` })}
    FROM ${t.table} f JOIN ${t.table} n ON ${dialect.sameTitleKey(t.column('n', 'title'), t.column('f', 'title'))}
    WHERE ${t.column('f', 'id')} = ${id} AND TRIM(${t.column('f', 'title')}) <> '' AND ${visible('f', q)} AND ${visible('n', q)}
    GROUP BY ${t.column('n', 'notebookId')}, ${dialect.exactText(t.column('n', 'title'))}`;
}

/** The visible notes whose title may match one of `keys` (link targets), narrowed as {@link linkingNamesakes}. */
function namesakesOfKeys(keys: readonly string[], q: Statement): Sql {
  const { t, dialect } = q;
  return sql`SELECT ${dialect.pick(NAMESAKES_OF_KEYS, sql`MIN(${t.column('n', 'id')})`)}
    FROM ${t.table} n
    WHERE ${dialect.titleKeyIn(t.column('n', 'title'), keys)} AND ${visible('n', q)}
    GROUP BY ${t.column('n', 'notebookId')}, ${dialect.exactText(t.column('n', 'title'))}`;
}

/** Every visible ancestor of each visible start, up to the first invisible parent; a UNION drops what was found, so a cycle ends. */
function ancestorChains(starts: readonly number[], q: Statement): Sql {
  const { t, dialect } = q;
  const chain = t.expression('chain');
  return sql`${chain} (anchor, id) AS (
      SELECT ${t.column('s', 'id')}, ${t.column('p', 'id')} FROM ${t.table} s
        JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('s', 'parentId')} AND ${t.column('p', 'id')} <> ${t.column('s', 'id')} AND ${visible('p', q)}
        WHERE ${dialect.idIn(t.column('s', 'id'), starts)} AND ${visible('s', q)}
      UNION
      SELECT c.anchor, ${t.column('p', 'id')} FROM ${chain} c
        JOIN ${t.table} cur ON ${t.column('cur', 'id')} = c.id
        JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('cur', 'parentId')} AND ${visible('p', q)}
        WHERE ${t.column('p', 'id')} <> c.anchor
    )`;
}

/** The tables a page reads (`n` among them), the condition on them, and the page's order. */
interface PageCandidates {
  readonly from: Sql;
  readonly candidates: Sql;
  readonly order: (columns: SiblingKeyColumns) => Sql;
}

/** The sibling key of `n`, the table's own row: its columns, as the host named them. */
const tableKey = ({ t }: Statement, alias = 'n'): SiblingKeyColumns => ({ siblingOrder: t.column(alias, 'siblingOrder'), id: t.column(alias, 'id') });

/** The sibling key of `n` in a derived table of the page's candidates, which names it itself. */
const DERIVED_KEY: SiblingKeyColumns = { siblingOrder: sql`n.sibling_order`, id: sql`n.id` };

/** Which notes a page of children, of siblings or of referring notes may hold, in the page's order. */
function pageCandidates(request: ChildrenPageRequest | SiblingsPageRequest | ReferringPageRequest, q: Statement): PageCandidates {
  const { t, dialect } = q;
  if (request.kind === 'referrings') {
    const after = request.afterId !== undefined ? sql`AND ${t.column('n', 'id')} > ${request.afterId}` : sql``;
    const candidates = sql`${t.column('n', 'objectId')} = ${request.objectId} AND ${visible('n', q)} ${after}`;
    return { from: sql`${t.table} n`, candidates, order: (columns) => columns.id };
  }
  const order = (columns: SiblingKeyColumns) => dialect.siblingOrder(request.direction, columns);
  if (request.kind === 'children') {
    const after = request.after ? sql`AND ${dialect.beyondKey(request.direction, tableKey(q), request.after)}` : sql``;
    return { from: sql`${t.table} n`, candidates: sql`${t.column('n', 'parentId')} = ${request.parentId} AND ${visible('n', q)} ${after}`, order };
  }
  // A first page of siblings: the children of `sp` beyond `s`, the note (`up` 0) or its parent; found by primary key.
  const start = request.up === 0
    ? sql`${t.table} s`
    : sql`${t.table} s0 JOIN ${t.table} s ON ${t.column('s', 'id')} = ${t.column('s0', 'parentId')} AND ${visible('s', q)}`;
  const of = request.up === 0 ? 's' : 's0';
  const first = sql`${t.column(of, 'id')} = ${request.of} AND ${visible(of, q)}`;
  return {
    from: sql`${start} JOIN ${t.table} sp ON ${t.column('sp', 'id')} = ${t.column('s', 'parentId')} AND ${visible('sp', q)}
      JOIN ${t.table} n ON ${t.column('n', 'parentId')} = ${t.column('sp', 'id')}`,
    candidates: sql`${first} AND ${visible('n', q)} AND ${dialect.beyondNote(request.direction, tableKey(q), tableKey(q, 's'))}`,
    order,
  };
}

/** A page of the notes `n` that meet `candidates`, in `order` (numbered in it, where the engine keeps `pos`). */
function page(index: number, { from, candidates, order }: PageCandidates, limit: number, q: Statement): Sql {
  const key = tableKey(q);
  return sql`(SELECT ${q.dialect.pick(index, key.id, { pos: sql`(ROW_NUMBER() OVER (ORDER BY ${order(key)}))` })}
    FROM ${from} WHERE ${candidates}
    ORDER BY ${order(key)} LIMIT ${limit})`;
}

/** A filtered page's rows kept and its last examined, of its first `filter.scan` candidates, each `kept` when small enough or kept anyway. */
function shown({ from, candidates, order }: PageCandidates, filter: SizeFilter, limit: number, q: Statement): Sql {
  const { t, scope, dialect } = q;
  const kept = filter.keep.length > 0 ? dialect.idIn(t.column('n', 'id'), filter.keep) : sql`FALSE`;
  const small = shownSizeWithinSql(dialect, filter, scope.detailsLimit, t);
  const examined = sql`SELECT ${t.column('n', 'id')} AS id, ${t.column('n', 'siblingOrder')} AS sibling_order, (${small} OR ${kept}) AS kept
            FROM ${from} ${linkJoins(q)} WHERE ${candidates} ORDER BY ${order(tableKey(q))} ${dialect.scanLimit(filter.scan)}`;
  return dialect.filteredShown(examined, order(DERIVED_KEY), limit);
}

/** A filtered page (`shown`) as a pick: its rows kept, each with the count left out before it, and its last examined (see `SizeFilter`). */
function filteredPick(index: number, shown: Sql, q: Statement): Sql {
  const columns = { pos: sql`shown.pos`, leftOutBefore: sql`shown.pos - shown.previous - 1`, leftOut: sql`NOT shown.kept` };
  return sql`(SELECT ${q.dialect.pick(index, sql`shown.id`, columns)}
    FROM (${shown}) AS shown)`;
}

/** A page read with a size filter (as {@link filteredPick}), as a branch of its own that joins its notes; `req` may tell two pages apart. */
function filteredPageApart(req: Sql, name: number, shown: Sql, q: Statement): Sql {
  const { t } = q;
  // A derived table keeps the branch's ORDER BY and LIMIT its own inside the union.
  return sql`SELECT * FROM (SELECT ${req} AS req, NULL AS anchor, shown.pos - shown.previous - 1 AS left_out_before,
        NOT shown.kept AS left_out, ${noteColumns(cut(q), q)}
      FROM (${shown}) AS shown
      JOIN ${t.table} n ON ${t.column('n', 'id')} = shown.id ${linkJoins(q)}) AS ${sql.raw(`page${name}`)}`;
}

type FilteredChildrenPage = ChildrenPageRequest & Pick<FilteredPageRequest, 'filter'>;

/**
 * Filtered pages of the same children read apart, one each way from bounds that leave no child in both: each index with
 * the other's. One scan answers both (without an index on the sibling order, each page apart was a scan of them all).
 */
function pagesBothWays(requests: readonly ExtendedReadRequest[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const waiting = new Map<string, number>();
  requests.forEach((request, index) => {
    if (request.kind !== 'children' || !request.filter || !request.after) return;
    const { filter } = request;
    const key = JSON.stringify([request.parentId, request.limit, filter.scan, filter.maxTextBytes, filter.maxWordStarts, filter.keep]);
    const other = waiting.get(key);
    if (other === undefined) return waiting.set(key, index);
    const [ascending, descending] = request.direction === 'asc' ? [request, requests[other] as FilteredChildrenPage] : [requests[other] as FilteredChildrenPage, request];
    // Those beyond the ascending bound and those before the descending one are apart when the first bound is not before the second.
    if (ascending.direction === 'asc' && descending.direction === 'desc' && compareSiblingKeys(ascending.after!, descending.after!) >= 0) {
      pairs.set(index, other).set(other, index);
      waiting.delete(key);
    }
  });
  return pairs;
}

/** Two filtered pages of {@link pagesBothWays} as one branch: the children beyond either bound scanned once, numbered each way. */
function filteredPagesBothWays(indexes: readonly [number, number], requests: readonly FilteredChildrenPage[], q: Statement): Sql {
  const { t, scope, dialect } = q;
  const first = requests[indexes[0]]!;
  const filter = first.filter!;
  const [ascending, descending] = first.direction === 'asc' ? [indexes[0], indexes[1]] : [indexes[1], indexes[0]];
  const beyond = (index: number) => dialect.beyondKey(requests[index]!.direction, tableKey(q), requests[index]!.after!);
  const kept = filter.keep.length > 0 ? dialect.idIn(t.column('n', 'id'), filter.keep) : sql`FALSE`;
  const small = shownSizeWithinSql(dialect, filter, scope.detailsLimit, t);
  // Each way's order, its key NULL in the other's rows.
  const way = (d: number, column: Sql) => sql`CASE WHEN n.way = ${sql.lit(d)} THEN ${column} END`;
  const order = sql`${dialect.siblingOrder('asc', { siblingOrder: way(0, sql`n.sibling_order`), id: way(0, sql`n.id`) })},
    ${dialect.siblingOrder('desc', { siblingOrder: way(1, sql`n.sibling_order`), id: way(1, sql`n.id`) })}`;
  const examined = sql`SELECT ${t.column('n', 'id')} AS id, ${t.column('n', 'siblingOrder')} AS sibling_order, (${small} OR ${kept}) AS kept,
      CASE WHEN ${beyond(ascending)} THEN 0 ELSE 1 END AS way
    FROM ${t.table} n ${linkJoins(q)}
    WHERE ${t.column('n', 'parentId')} = ${first.parentId} AND ${visible('n', q)} AND (${beyond(ascending)} OR ${beyond(descending)})`;
  const shown = sql`SELECT shown.id, shown.way, shown.pos, shown.kept, shown.previous FROM (
      SELECT found.id, found.way, found.pos, found.kept, COALESCE(LAG(found.pos) OVER (PARTITION BY found.way ORDER BY found.pos), 0) AS previous,
        ROW_NUMBER() OVER (PARTITION BY found.way ORDER BY found.pos) AS nth
      FROM (
        SELECT scanned.*, COUNT(*) OVER (PARTITION BY scanned.way) AS examined FROM (
          SELECT n.id, n.way, n.kept, ROW_NUMBER() OVER (PARTITION BY n.way ORDER BY ${order}) AS pos FROM (${examined}) AS n
        ) AS scanned WHERE scanned.pos <= ${filter.scan}
      ) AS found
      WHERE found.kept OR found.pos = found.examined
    ) AS shown WHERE shown.nth <= ${first.limit}`;
  return filteredPageApart(sql`CASE shown.way WHEN 0 THEN ${sql.lit(ascending)} ELSE ${sql.lit(descending)} END`, ascending, shown, q);
}

/** The parent and object of `n`, each only when visible. */
function linkJoins(q: Statement): Sql {
  const { t } = q;
  return sql`LEFT JOIN ${t.table} p ON ${t.column('p', 'id')} = ${t.column('n', 'parentId')} AND ${visible('p', q)}
    LEFT JOIN ${t.table} o ON ${t.column('o', 'id')} = ${t.column('n', 'objectId')} AND ${visible('o', q)}`;
}

function visible(alias: 'n' | 'p' | 'o' | 's' | 's0' | 'sp' | 'f', { t, scope, dialect }: Statement): Sql {
  const notDeleted = sql`${t.column(alias, 'deletedAt')} IS NULL`;
  if (!scope.readableNotebooks) return notDeleted;
  const notebook = t.column(alias, 'notebookId');
  if (readableAsTable(scope)) return sql`${notDeleted} AND ${notebook} IN (SELECT id FROM ${t.expression('readable_notebooks')})`;
  return sql`${notDeleted} AND ${dialect.idIn(notebook, [...scope.readableNotebooks])}`;
}
