import type { AncestorsRequest, LinkedNotesRequest, LinkingNotesRequest, NoteRequest } from './read-request.js';
import type { FilteredPageRequest } from './size-filter.js';

/**
 * Any request a reader's optional `readExtended` and `readNow` take: the required ones, first
 * pages of siblings (`SiblingsPageRequest`), and pages that may carry a size filter
 * (`FilteredPageRequest`).
 */
export type ExtendedReadRequest = NoteRequest | AncestorsRequest | FilteredPageRequest | LinkedNotesRequest | LinkingNotesRequest;
