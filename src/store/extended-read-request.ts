import type { AncestorsRequest, LinkedNotesRequest, LinkingNotesRequest, NoteRequest } from './read-request.js';
import type { FilteredPageRequest } from './size-filter.js';

/** Any request `readExtended` and `readNow` take: the required ones, siblings pages and filtered pages. */
export type ExtendedReadRequest = NoteRequest | AncestorsRequest | FilteredPageRequest | LinkedNotesRequest | LinkingNotesRequest;
