import type { NoteRecord } from '../model/note-record.js';
import type { ExtendedReadRequest, PageRequest } from '../store/read-request.js';
import type { RelatedRelation } from '../relationships/relation.js';

/** One page of a relation, and whether candidates may follow it. */
export interface PageRead {
  readonly notes: readonly NoteRecord[];
  readonly more: boolean;
}

/** Reads one request from the store. */
export type Load = (request: ExtendedReadRequest) => Promise<readonly NoteRecord[]>;

/** Reads one page request through `load`, saying whether candidates may follow: `readWholePage`, or a shortcut's. */
export type PageReading = (request: PageRequest, load: Load) => Promise<PageRead>;

/** How the pages of a source of candidates of `relation` are read, asked once as the source is made. */
export type SourcePageReading = (relation: RelatedRelation) => PageReading;

/** A page is the last when it came back with fewer records than asked for. */
export const readWholePage: PageReading = (request, load) =>
  load(request).then((notes) => ({ notes, more: notes.length >= request.limit }));
