import type { SiblingKey } from '../../model/note-record.js';
import type { NoteReader } from '../note-store.js';
import type { ExtendedReadRequest } from '../read-request.js';
import type { FilteredRecord } from '../size-filter.js';

/** The rows of a first page read wide: those of the core's first two pages (16 and 64). */
const WIDE_PAGE = 80;

/** The children of `parentId` beyond the sibling key `after` in `direction`: a page's continuation, or a request's bound. */
const boundKey = (parentId: number | undefined, direction: 'asc' | 'desc', after: SiblingKey) =>
  `${parentId} ${direction} ${String(after.siblingOrder)} ${after.id}`;

/**
 * The first pages of children and siblings, those read with the focus note, read `WIDE_PAGE` rows wide for a reader whose
 * statements sort all of a parent's children whatever their LIMIT (no index serves the sibling order): the next page of
 * the same children is then answered from the rows already read, which are its own, in its order, in the same snapshot.
 * Later pages (a cousin's first, a hub's third) and size-filtered pages are read as asked: widening a page of each of
 * 32 cousins cost more than the round trips it saved.
 */
export function readPagesWide(reader: NoteReader & Required<Pick<NoteReader, 'readExtended'>>): NoteReader {
  /** Rows read past a page's end, by the continuation that would read them, and whether they run to the end of its candidates. */
  const ahead = new Map<string, { readonly rows: readonly FilteredRecord[]; readonly toTheEnd: boolean }>();

  let first = true;
  const widens = (request: ExtendedReadRequest): request is Extract<ExtendedReadRequest, { kind: 'children' | 'siblings' }> =>
    (request.kind === 'children' || request.kind === 'siblings') && !request.filter && request.limit < WIDE_PAGE;

  /** The page `request` as the rows read ahead answer it, if they hold it whole. */
  const fromAhead = (request: ExtendedReadRequest): readonly FilteredRecord[] | undefined => {
    if (request.kind !== 'children' || request.filter || !request.after) return undefined;
    const key = boundKey(request.parentId, request.direction, request.after);
    const read = ahead.get(key);
    if (!read || (read.rows.length < request.limit && !read.toTheEnd)) return undefined;
    ahead.delete(key);
    return keep(request.direction, read.rows, request.limit, read.toTheEnd);
  };

  /** The first `limit` of `rows`, the rest kept for the page after them (none, when they ran to the end). */
  const keep = (direction: 'asc' | 'desc', rows: readonly FilteredRecord[], limit: number, toTheEnd: boolean) => {
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    if (last && (rows.length > limit || toTheEnd)) ahead.set(boundKey(last.parent?.id, direction, last), { rows: rows.slice(limit), toTheEnd });
    return page;
  };

  const readExtended = async (requests: readonly ExtendedReadRequest[]) => {
    const answers = requests.map(fromAhead);
    const sent = requests.filter((_request, index) => answers[index] === undefined);
    if (sent.length === 0) return answers as (readonly FilteredRecord[])[];
    const wide = first;
    first = false;
    const read = await reader.readExtended(wide ? sent.map((request) => (widens(request) ? { ...request, limit: WIDE_PAGE } : request)) : sent);
    let next = 0;
    return requests.map((request, index) => {
      const answer = answers[index];
      if (answer) return answer;
      const rows = read[next++]!;
      if (!wide || !widens(request)) return rows;
      return keep(request.direction, rows, request.limit, rows.length < WIDE_PAGE);
    });
  };

  return {
    get roundTrips() {
      return reader.roundTrips;
    },
    close: () => reader.close(),
    read: readExtended,
    readExtended,
  };
}
