import type { NoteReader } from '../../src/store/note-store.js';
import type { ExtendedReadRequest } from '../../src/store/read-request.js';
import type { FilteredRecord } from '../../src/store/size-filter.js';

/**
 * Reads requests beyond the required port from a reader, through its `readExtended`; a reader
 * without it is asked only for the required requests (a `siblings` request or a page with a
 * `filter` is then an error of the caller).
 */
export function readCapable(reader: NoteReader, requests: readonly ExtendedReadRequest[]): Promise<readonly (readonly FilteredRecord[])[]> {
  if (reader.readExtended) return reader.readExtended(requests);
  if (requests.some((request) => request.kind === 'siblings' || ('filter' in request && request.filter))) throw new Error('the reader takes no extended requests');
  return reader.read(requests as Parameters<NoteReader['read']>[0]);
}
