import type { NoteRecord } from '../model/note-record.js';
import type { ExtendedReadRequest } from '../store/extended-read-request.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { PageRequest } from '../store/page-request.js';
import type { PageRead } from './page-read.js';

/** Reads one request from the store. */
export type Load = (request: ExtendedReadRequest) => Promise<readonly NoteRecord[]>;

/**
 * Reads one page request of `relation` through `load` and says whether candidates may follow it
 * (`relation` is undefined for a read asked before the walk). The core's own is `readWholePage`;
 * a shortcut may read pages otherwise (see src/shortcuts/).
 */
export type PageReading = (request: PageRequest, load: Load, relation: RelatedRelation | undefined) => Promise<PageRead>;

/** A page is the last when it came back with fewer records than asked for. */
export const readWholePage: PageReading = (request, load) =>
  load(request).then((notes) => ({ notes, more: notes.length >= request.limit }));
