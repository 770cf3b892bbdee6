import { StoreUnavailable } from '../../errors.js';
import type { NoteId } from '../../model/note-record.js';
import type { ExtendedReadRequest } from '../extended-read-request.js';
import type { FilteredRecord } from '../size-filter.js';

/** `req` of rows that answer notes read by id, details cut. */
export const NOTES_BY_ID = -1;
/** `req` of rows on ancestor chains; their `anchor` names the chain's start. */
export const ANCESTOR_ROWS = -2;
/** `req` of rows that answer notes read by id, details in full. */
export const FULL_NOTES_BY_ID = -3;

/** What every row of a batch statement says of itself: the request it answers, and for ancestors the chain's start. */
export interface BatchRow {
  /** Index of the request the row answers, or one of the kinds above. */
  readonly req: number;
  readonly anchor: number | null;
  readonly id: NoteId;
}

/** A row of a page and its record. */
export interface PageEntry<R> {
  readonly row: R;
  readonly record: FilteredRecord;
}

/** The request kinds answered by pages. */
type PageRequest = Extract<ExtendedReadRequest, { kind: 'children' | 'siblings' | 'referrings' }>;

/**
 * Splits one batch statement's rows back into one list per request: notes by id (cut or in full),
 * ancestor chains in the statement's order, and each page sorted by `pageOrder` (a derived
 * table's order does not survive a union).
 */
export function answerBatch<R extends BatchRow>(
  requests: readonly ExtendedReadRequest[],
  rows: readonly R[],
  recordOf: (row: R) => FilteredRecord,
  pageOrder: (request: PageRequest) => (a: PageEntry<R>, b: PageEntry<R>) => number,
): (readonly FilteredRecord[])[] {
  const byRequest = new Map<number, PageEntry<R>[]>();
  const cut = new Map<NoteId, FilteredRecord>();
  const full = new Map<NoteId, FilteredRecord>();
  const chains = new Map<NoteId, FilteredRecord[]>();
  for (const row of rows) {
    if (row.req === NOTES_BY_ID) cut.set(row.id, recordOf(row));
    else if (row.req === FULL_NOTES_BY_ID) full.set(row.id, recordOf(row));
    else if (row.req === ANCESTOR_ROWS) {
      const chain = chains.get(row.anchor!) ?? [];
      chain.push(recordOf(row));
      chains.set(row.anchor!, chain);
    } else {
      const page = byRequest.get(row.req) ?? [];
      page.push({ row, record: recordOf(row) });
      byRequest.set(row.req, page);
    }
  }
  return requests.map((request, index) => {
    switch (request.kind) {
      case 'note': {
        const record = (request.full ? full : cut).get(request.id);
        return record ? [record] : [];
      }
      case 'ancestors':
        return chains.get(request.id) ?? [];
      case 'children':
      case 'siblings':
      case 'referrings':
        return (byRequest.get(index) ?? []).sort(pageOrder(request)).map(({ record }) => record);
      default:
        // A request kind no SQL store serves.
        throw new StoreUnavailable(`the SQL store cannot answer a ${(request as { kind: string }).kind} request`);
    }
  });
}
