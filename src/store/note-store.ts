import type { NoteRecord } from '../model/note-record.js';
import type { ExtendedReadRequest, ReadRequest } from './read-request.js';
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
 * The core's reads (spec sections 1–4): one list of records per request, in order, so a batch can be one round trip.
 * Every record, its `parent` and `object`, is visible. A page with fewer than `limit` is the last.
 */
export interface NoteReader {
  read(requests: readonly ReadRequest[]): Promise<readonly (readonly NoteRecord[])[]>;
  /** Database statements sent so far, for the build report (0 in memory; not those of `close`). */
  readonly roundTrips: number;
  /** Ends the snapshot and returns its resources; no read may follow; safe twice. A store may finish it later (see `idle`). */
  close(): Promise<void>;
  /** Optional, to save time: `read` that also takes the extended requests; the core then sends every batch here. */
  readExtended?(requests: readonly ExtendedReadRequest[]): Promise<readonly (readonly FilteredRecord[])[]>;
  /** Optional, for a reader in memory: one request's answer at once, so the core neither batches nor reads ahead. */
  readNow?(request: ExtendedReadRequest): readonly FilteredRecord[];
}

/** A source of notes: a fixture in memory, a MySQL database, … */
export interface NoteStore {
  /** One consistent state for one build; once `signal` aborts, opening and every `read` reject with its reason. */
  openReader(scope: ReadScope, signal?: AbortSignal): Promise<NoteReader>;
}
