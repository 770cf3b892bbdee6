import type { RawBuilder } from 'kysely';
import { StoreUnavailable } from '../../note-context-error.js';
import { linkTargetsOf } from '../../links/link-targets-of.js';
import { linkedNotesOf } from '../../links/linked-notes-of.js';
import { linkingNotesOf } from '../../links/linking-notes-of.js';
import type { NoteId } from '../../model/note-record.js';
import { takeCodePoints } from '../../model/take-code-points.js';
import type { ExtendedReadRequest, PageRequest } from '../read-request.js';
import type { ReadScope } from '../note-store.js';
import { getOrMake } from '../get-or-make.js';
import type { FilteredRecord } from '../size-filter.js';
import { batchStatement } from './batch-statement.js';
import type { ResolvedNoteTable } from './note-table-names.js';
import { ANCESTOR_ROWS, FULL_NOTES_BY_ID, LINKING_CANDIDATES, LINKING_NAMESAKES, NOTES_BY_ID, recordOfRow, type SqlNoteRow } from './sql-note-row.js';
import type { SqlDialect } from './sql-dialect.js';
import type { RunStatement } from './read-connection.js';
import type { BatchReads } from './sql-note-reader.js';

/**
 * A reader's batches: one statement each (wrapped by `limited`), rows split back per request, a page's sorted by `pageOrder` if given.
 * `linking` is resolved from these rows, `linked` from a second statement of the targets' namesakes, sent only when a note has a link.
 */
export function batchReads(
  scope: ReadScope, dialect: SqlDialect, names: ResolvedNoteTable, parse: (row: unknown) => SqlNoteRow,
  limited: (statement: RawBuilder<unknown>) => RawBuilder<unknown> = (statement) => statement,
  pageOrder?: (request: PageRequest) => (a: FilteredRecord, b: FilteredRecord) => number,
): BatchReads {
  const statement = (requests: readonly ExtendedReadRequest[], titleKeys?: readonly string[]) =>
    limited(batchStatement(requests, scope, dialect, names, titleKeys));
  const answer = async (requests: readonly ExtendedReadRequest[], rows: readonly SqlNoteRow[], more: RunStatement) => {
    const byRequest = new Map<number, FilteredRecord[]>();
    const cut = new Map<NoteId, FilteredRecord>();
    const full = new Map<NoteId, FilteredRecord>();
    const chains = new Map<NoteId, FilteredRecord[]>();
    const linkingCandidates = new Map<NoteId, FilteredRecord[]>();
    const linkingNamesakes = new Map<NoteId, FilteredRecord[]>();
    for (const row of rows) {
      if (row.req === NOTES_BY_ID) cut.set(row.id, recordOfRow(row));
      else if (row.req === FULL_NOTES_BY_ID) full.set(row.id, recordOfRow(row));
      else if (row.req === ANCESTOR_ROWS) getOrMake(chains, row.anchor!, () => []).push(recordOfRow(row));
      else if (row.req === LINKING_CANDIDATES) getOrMake(linkingCandidates, row.anchor!, () => []).push(recordOfRow(row));
      else if (row.req === LINKING_NAMESAKES) getOrMake(linkingNamesakes, row.anchor!, () => []).push(recordOfRow(row));
      else getOrMake(byRequest, row.req, () => []).push(recordOfRow(row));
    }
    const linkedSources = requests.flatMap((request) => (request.kind === 'linked' ? [full.get(request.id)?.details] : []));
    const keys = [...new Set(linkedSources.flatMap(linkTargetsOf))];
    const namesakes = keys.length > 0 ? (await more(statement([], keys))).map(parse).map(recordOfRow) : [];
    return requests.map((request, index): readonly FilteredRecord[] => {
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
          return pageOrder ? (byRequest.get(index) ?? []).sort(pageOrder(request)) : (byRequest.get(index) ?? []);
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
          const linking = linkingNotesOf(note, linkingNamesakes.get(request.id)!, candidates, (candidate) => linkTargetsOf(candidate.details));
          // As related notes: details cut to `detailsLimit + 1` code points.
          return linking.map((record) => {
            const head = record.details && takeCodePoints(record.details, scope.detailsLimit + 1).head;
            return head === record.details ? record : { ...record, details: head };
          });
        }
        default:
          // A request kind no SQL store serves.
          throw new StoreUnavailable(`the SQL store cannot answer a ${(request as { kind: string }).kind} request`);
      }
    });
  };
  return { statement: (requests) => statement(requests), answer: (requests, rows, more) => answer(requests, rows.map(parse), more) };
}
