import type { NoteReader } from '../../src/store/note-store.js';
import type { CapableReadRequest } from '../../src/store/reader-capabilities.js';
import type { FilteredRecord } from '../../src/store/size-filter.js';

/**
 * Reads requests beyond the required port from a reader, after checking that it declares each
 * capability the requests use (a `siblings` request, a page with a `filter`).
 */
export function readCapable(reader: NoteReader, requests: readonly CapableReadRequest[]): Promise<readonly (readonly FilteredRecord[])[]> {
  const capabilities = reader.capabilities ?? {};
  if (requests.some((request) => request.kind === 'siblings') && !capabilities.siblingsPages) throw new Error('the reader takes no siblings requests');
  if (requests.some((request) => 'filter' in request && request.filter) && !capabilities.sizeFilter) throw new Error('the reader takes no size filter');
  return (reader.read as (requests: readonly CapableReadRequest[]) => Promise<readonly (readonly FilteredRecord[])[]>)(requests);
}
