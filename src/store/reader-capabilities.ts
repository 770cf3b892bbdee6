import type { NoteRecord } from '../model/note-record.js';
import type { AncestorsRequest, NoteRequest } from './read-request.js';
import type { FilteredPageRequest, FilteredRecord } from './size-filter.js';

/** Any request a reader may take: the required ones, or a page with the optional parts. */
export type CapableReadRequest = NoteRequest | AncestorsRequest | FilteredPageRequest;

/**
 * What a reader may declare beyond the required port (`NoteReader.capabilities`), each only to
 * save time; the core works with a reader that declares none of them.
 */
export interface ReaderCapabilities {
  /**
   * The reader's `read` also takes page requests carrying a `filter` (src/store/size-filter.ts),
   * and answers them with `FilteredRecord`s.
   */
  readonly sizeFilter?: boolean;
  /** The reader's `read` also takes `siblings` requests (src/store/siblings-page-request.ts). */
  readonly siblingsPages?: boolean;
  /**
   * For a reader that holds its notes in memory: the answer to one request, at once. The core
   * then reads each request when it needs it instead of batching and reading ahead, which only
   * save round trips, and such a reader has none to save. It takes what `read` takes.
   */
  readNow?(request: CapableReadRequest): readonly (NoteRecord | FilteredRecord)[];
}
