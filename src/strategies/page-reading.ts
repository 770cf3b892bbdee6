import type { NoteRecord } from '../model/note-record.js';
import type { CapableReadRequest } from '../store/reader-capabilities.js';
import type { PageRequest } from '../store/page-request.js';
import type { PageRead } from './page-read.js';
import { andThen, type Soon } from './soon.js';

/** Reads one request from the store: at once, or once its batch is answered. */
export type Load = (request: CapableReadRequest) => Soon<readonly NoteRecord[]>;

/**
 * Reads one page request through `load` and says whether candidates may follow it. The core's
 * own is `readWholePage`; a shortcut may read pages otherwise (see src/shortcuts/).
 */
export type PageReading = (request: PageRequest, load: Load) => Soon<PageRead>;

/** A page is the last when it came back with fewer records than asked for. */
export const readWholePage: PageReading = (request, load) => andThen(load(request), (notes) => ({ notes, more: notes.length >= request.limit }));
