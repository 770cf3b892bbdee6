import type { NoteRecord } from '../model/note-record.js';
import type { ReadRequest } from './read-request.js';
import type { ExtendedReadRequest } from './extended-read-request.js';
import type { FilteredRecord } from './size-filter.js';

/** What a build may see: everything not deleted, optionally only some notebooks. */
export interface ReadScope {
  /** When given, notes of any other notebook are invisible. */
  readonly readableNotebooks?: ReadonlySet<number>;
  /** Related notes' details are cut to this many code points: a store returns at most one more. */
  readonly detailsLimit: number;
  /** The build's own deadline (`timeoutMs`): a store may let one statement run this long. */
  readonly timeoutMs?: number;
}

export type { AncestorsRequest, ChildrenPageRequest, NoteRequest, ReadRequest, ReferringPageRequest } from './read-request.js';

/**
 * The port through which the core reads notes (spec sections 1–4): many requests in, one list of
 * records per request out, in order, so a batch can be one round trip. Every record is a visible
 * note, its `parent` and `object` only when visible too. A page with fewer than `limit` is the last.
 */
export interface NoteReader {
  read(requests: readonly ReadRequest[]): Promise<readonly (readonly NoteRecord[])[]>;
  /** Database statements sent so far, for the build report (0 in memory; not those of `close`). */
  readonly roundTrips: number;
  /** Ends the snapshot and returns its resources; no read may follow; safe twice. A store may finish it later (see `idle`). */
  close(): Promise<void>;
  /**
   * Optional, only to save time: `read` that also takes the extended requests (`SiblingsPageRequest`,
   * `FilteredPageRequest`). When a reader has it the core sends every batch here; results are the same.
   */
  readExtended?(requests: readonly ExtendedReadRequest[]): Promise<readonly (readonly FilteredRecord[])[]>;
  /** Optional, for a reader in memory: one request's answer at once, so the core neither batches nor reads ahead. */
  readNow?(request: ExtendedReadRequest): readonly FilteredRecord[];
}

/** A source of notes: a fixture in memory, a MySQL database, … */
export interface NoteStore {
  /**
   * A reader that sees one consistent state of the notes for one build. Once `signal` aborts, opening
   * and every pending and later `read` reject promptly with its reason, and its resources are released.
   */
  openReader(scope: ReadScope, signal?: AbortSignal): Promise<NoteReader>;
}
