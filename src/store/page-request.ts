import type { ChildrenPageRequest, ReferringPageRequest } from './read-request.js';
import type { SiblingsPageRequest } from './siblings-page-request.js';

/** A request for one page of candidates. */
export type PageRequest = ChildrenPageRequest | ReferringPageRequest | SiblingsPageRequest;
