import type { NoteReader } from '../note-store.js';
import type { ExtendedReadRequest } from '../extended-read-request.js';
import type { FilteredRecord } from '../size-filter.js';

/** The most rows a page is widened to: the largest page the core asks for. */
const WIDE_PAGE = 512;

/** Rows read past a page's end, and whether they run to the end of its candidates. */
interface ReadAhead {
  readonly rows: readonly FilteredRecord[];
  readonly toTheEnd: boolean;
}

/** The request that continues a page of children or siblings whose last row is `last`: the children of its parent beyond it. */
const continuationOf = (direction: 'asc' | 'desc', last: FilteredRecord) =>
  `${last.parent?.id} ${direction} ${String(last.siblingOrder)} ${last.id}`;

/**
 * Pages of children and siblings read `WIDE_PAGE` rows at a time, for a reader whose statements sort all of a parent's
 * children whatever their LIMIT (no index serves the sibling order): the next pages of the same children are then
 * answered from the rows already read, which are theirs, in their order, in the same snapshot. Size-filtered pages are
 * read as asked.
 */
export function readPagesWide(reader: NoteReader & Required<Pick<NoteReader, 'readExtended'>>): NoteReader {
  /** Rows read ahead, by the continuation that would read them. */
  const ahead = new Map<string, ReadAhead>();

  const widened = (request: ExtendedReadRequest): ExtendedReadRequest => {
    const pageOfChildren = request.kind === 'children' || request.kind === 'siblings';
    return pageOfChildren && !request.filter && request.limit < WIDE_PAGE ? { ...request, limit: WIDE_PAGE } : request;
  };

  /** The page `request` as the rows read ahead answer it, if they hold it whole. */
  const fromAhead = (request: ExtendedReadRequest): readonly FilteredRecord[] | undefined => {
    if (request.kind !== 'children' || request.filter || !request.after) return undefined;
    const key = `${request.parentId} ${request.direction} ${String(request.after.siblingOrder)} ${request.after.id}`;
    const read = ahead.get(key);
    if (!read || (read.rows.length < request.limit && !read.toTheEnd)) return undefined;
    ahead.delete(key);
    return keep(request.direction, read.rows, request.limit, read.toTheEnd);
  };

  /** The first `limit` of `rows`, the rest kept for the page after them (none, when they ran to the end). */
  const keep = (direction: 'asc' | 'desc', rows: readonly FilteredRecord[], limit: number, toTheEnd: boolean) => {
    const page = rows.slice(0, limit);
    if (page.length > 0 && (rows.length > limit || toTheEnd)) ahead.set(continuationOf(direction, page[page.length - 1]!), { rows: rows.slice(limit), toTheEnd });
    return page;
  };

  const readExtended = async (requests: readonly ExtendedReadRequest[]) => {
    const answers = requests.map(fromAhead);
    const sent = requests.filter((_request, index) => answers[index] === undefined);
    if (sent.length === 0) return answers as (readonly FilteredRecord[])[];
    const read = await reader.readExtended(sent.map(widened));
    let next = 0;
    return requests.map((request, index) => {
      const answer = answers[index];
      if (answer) return answer;
      const rows = read[next++]!;
      if (request.kind !== 'children' && request.kind !== 'siblings') return rows;
      if (request.filter || request.limit >= WIDE_PAGE) return rows;
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
