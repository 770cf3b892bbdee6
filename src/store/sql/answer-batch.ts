import { StoreUnavailable } from '../../errors.js';
import { linkTargetsOf } from '../../links/link-targets.js';
import { linkedNotesOf } from '../../links/linked-notes.js';
import { linkingNotesOf } from '../../links/linking-notes.js';
import type { NoteId } from '../../model/note-record.js';
import { takeCodePoints } from '../../model/take-code-points.js';
import type { ExtendedReadRequest } from '../extended-read-request.js';
import { pushTo } from '../push-to.js';
import type { FilteredRecord } from '../size-filter.js';

/** `req` of rows that answer notes read by id, details cut. */
export const NOTES_BY_ID = -1;
/** `req` of rows on ancestor chains; their `anchor` names the chain's start. */
export const ANCESTOR_ROWS = -2;
/** `req` of rows that answer notes read by id, details in full. */
export const FULL_NOTES_BY_ID = -3;
/** `req` of rows, details in full, whose details may link to the note their `anchor` names. */
export const LINKING_CANDIDATES = -4;
/** `req` of rows whose title may match the title of the note their `anchor` names. */
export const LINKING_NAMESAKES = -5;
/** `req` of rows whose title may match one of the link targets a batch's second statement asks for. */
export const NAMESAKES_OF_KEYS = -6;

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

/** What links need beyond the batch's statement (see batch-statement.ts). */
export interface LinkReads<R> {
  /** Related notes' details are cut to this many code points, and one more. */
  readonly detailsLimit: number;
  /** The rows of the batch's second statement: the notes whose title may match one of `keys`. */
  namesakesOf(keys: readonly string[]): Promise<readonly R[]>;
}

/**
 * Splits one batch statement's rows back into one list per request: notes by id (cut or in full),
 * ancestor chains in the statement's order, and each page sorted by `pageOrder` (a derived
 * table's order does not survive a union). Links are resolved here, exactly, with src/links,
 * from the narrowed rows the statement read: `linking` requests from its rows alone, `linked`
 * requests from a second statement (`links.namesakesOf`) of the targets of the notes' details,
 * sent only when some note of the batch has a link.
 */
export async function answerBatch<R extends BatchRow>(
  requests: readonly ExtendedReadRequest[],
  rows: readonly R[],
  recordOf: (row: R) => FilteredRecord,
  pageOrder: (request: PageRequest) => (a: PageEntry<R>, b: PageEntry<R>) => number,
  links: LinkReads<R>,
): Promise<(readonly FilteredRecord[])[]> {
  const byRequest = new Map<number, PageEntry<R>[]>();
  const cut = new Map<NoteId, FilteredRecord>();
  const full = new Map<NoteId, FilteredRecord>();
  const chains = new Map<NoteId, FilteredRecord[]>();
  const linkingCandidates = new Map<NoteId, FilteredRecord[]>();
  const linkingNamesakes = new Map<NoteId, FilteredRecord[]>();
  for (const row of rows) {
    if (row.req === NOTES_BY_ID) cut.set(row.id, recordOf(row));
    else if (row.req === FULL_NOTES_BY_ID) full.set(row.id, recordOf(row));
    else if (row.req === ANCESTOR_ROWS) pushTo(chains, row.anchor!, recordOf(row));
    else if (row.req === LINKING_CANDIDATES) pushTo(linkingCandidates, row.anchor!, recordOf(row));
    else if (row.req === LINKING_NAMESAKES) pushTo(linkingNamesakes, row.anchor!, recordOf(row));
    else {
      const page = byRequest.get(row.req) ?? [];
      page.push({ row, record: recordOf(row) });
      byRequest.set(row.req, page);
    }
  }
  const linkedSources = requests.flatMap((request) => (request.kind === 'linked' ? [full.get(request.id)?.details] : []));
  const keys = [...new Set(linkedSources.flatMap(linkTargetsOf))];
  const namesakes = keys.length > 0 ? (await links.namesakesOf(keys)).map(recordOf) : [];
  const related = (record: FilteredRecord) => relatedRecord(record, links.detailsLimit);
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
      case 'linked': {
        const note = full.get(request.id);
        // Namesakes' details are cut as every related note's are.
        return note ? linkedNotesOf(note.details, note.notebookId, namesakes) : [];
      }
      case 'linking': {
        const note = linkingNamesakes.get(request.id)?.find((namesake) => namesake.id === request.id);
        // Not among its namesakes: invisible, or a note no link can resolve to.
        if (!note) return [];
        const candidates = [...(linkingCandidates.get(request.id) ?? [])].sort((a, b) => a.id - b.id);
        return linkingNotesOf(note, linkingNamesakes.get(request.id)!, candidates, (candidate) => linkTargetsOf(candidate.details)).map(related);
      }
      default:
        // A request kind no SQL store serves.
        throw new StoreUnavailable(`the SQL store cannot answer a ${(request as { kind: string }).kind} request`);
    }
  });
}

/** A record read with its details in full, as a related note's: details cut to `detailsLimit + 1` code points. */
function relatedRecord(record: FilteredRecord, detailsLimit: number): FilteredRecord {
  if (record.details === undefined) return record;
  const { head } = takeCodePoints(record.details, detailsLimit + 1);
  return head === record.details ? record : { ...record, details: head };
}
