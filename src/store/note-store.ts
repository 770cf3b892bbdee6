import type { NoteId, NoteRecord, SiblingKey } from '../model/note-record.js';

/** What a build may see: everything not deleted, optionally only some notebooks. */
export interface ReadScope {
  /** When given, notes of any other notebook are invisible. */
  readonly readableNotebooks?: ReadonlySet<number>;
  /**
   * Related notes' details longer than this many code points are truncated, so a store needs
   * to return at most `detailsLimit + 1` of them: enough to know that truncation is due.
   */
  readonly detailsLimit: number;
}

/** One note; `full` asks for its details uncut (only the focus note needs that). */
export interface NoteRequest {
  readonly kind: 'note';
  readonly id: NoteId;
  readonly full: boolean;
}

/**
 * The visible notes on the parent chain of `id` (the note itself excluded), in any order.
 * The chain stops at an invisible parent; a store must terminate on cycles.
 */
export interface AncestorsRequest {
  readonly kind: 'ancestors';
  readonly id: NoteId;
}

/**
 * Asks a page to leave out the notes that show more text bytes, or more word starts, than the
 * filter allows for their shape, measured by the size rule `shownSizeOf` (src/model/shown-size.ts: the shape says whether
 * a note shows details, a visible parent, a visible object; the bytes are those of its title, the
 * first `detailsLimit` code points of its details and its visible links' titles), except the notes
 * named in `keep`. Each record returned then says in `leftOutBefore` how many notes were left out
 * just before it in the page's order. `limit` counts returned records only; a filtered page
 * examines at most `scan` candidates, so that its work is bounded however few notes it keeps, and
 * when the last candidate it examined was left out, it returns that one too, marked `leftOut`
 * (so the next page starts after it). The filter is the caller's business: a store only
 * evaluates it.
 */
export interface SizeFilter {
  /** The most candidates the page examines, kept or left out. */
  readonly scan: number;
  /** For each shape (0–7), the most text bytes a note of that shape may show and be returned. */
  readonly maxTextBytes: readonly number[];
  /** For each shape, the most word starts a note of that shape may show and be returned. */
  readonly maxWordStarts: readonly number[];
  /** Notes returned whatever their size. */
  readonly keep: readonly NoteId[];
}

/** One page of the children of `parentId`, in sibling order or its reverse. */
export interface ChildrenPageRequest {
  readonly kind: 'children';
  readonly parentId: NoteId;
  readonly direction: 'asc' | 'desc';
  /** Exclusive bound: only children strictly beyond it in `direction`. */
  readonly after?: SiblingKey;
  readonly limit: number;
  readonly filter?: SizeFilter;
}

/**
 * The first page of a note's siblings on one side: the children of its parent strictly beyond
 * it in `direction`, as a `ChildrenPageRequest` with `parentId` the parent and `after` the note
 * would read them. The note is `of` itself (`up` 0) or its parent (`up` 1): with the focus note,
 * its siblings and its parent's siblings. Each step (`of`, its parent when `up` is 1, then that
 * note's parent) must be a visible note, or the page is empty; it is read before anything else
 * is known of the focus note, so that those first pages ride in the build's first round trip.
 */
export interface SiblingsPageRequest {
  readonly kind: 'siblings';
  readonly of: NoteId;
  readonly up: 0 | 1;
  readonly direction: 'asc' | 'desc';
  readonly limit: number;
  readonly filter?: SizeFilter;
}

/** One page of the notes whose object is `objectId`, by ascending id. */
export interface ReferringPageRequest {
  readonly kind: 'referrings';
  readonly objectId: NoteId;
  readonly afterId?: NoteId;
  readonly limit: number;
  readonly filter?: SizeFilter;
}

export type ReadRequest = NoteRequest | AncestorsRequest | ChildrenPageRequest | SiblingsPageRequest | ReferringPageRequest;

/**
 * The port through which the core reads notes. It is one batch-shaped method: many requests in,
 * one list of records per request out, in the same order, so an adapter can answer a whole batch
 * in one round trip. Every record is a visible note under the reader's scope, and its `parent`
 * and `object` links are present only when those notes are visible too.
 */
export interface NoteReader {
  read(requests: readonly ReadRequest[]): Promise<readonly (readonly NoteRecord[])[]>;
  /**
   * Optional, for a reader that holds its notes in memory: the answer to one request, at once.
   * The core then reads each request when it needs it instead of batching and reading ahead,
   * which only save round trips, and such a reader has none to save.
   */
  readNow?(request: ReadRequest): readonly NoteRecord[];
  /**
   * Database statements the build has waited on or sent so far, for the build report; an
   * in-memory reader says 0. A statement sent by `close` is not one of them.
   */
  readonly roundTrips: number;
  /**
   * Ends the reader's snapshot and returns its resources; no read may follow. Safe to call
   * twice. A store may finish this after the promise resolves (the MySQL store sends the
   * rollback and returns at once; its `idle` and `destroy` wait for it).
   */
  close(): Promise<void>;
}

/** A source of notes: a fixture in memory, a MySQL database, … */
export interface NoteStore {
  /**
   * A reader that sees one consistent state of the notes for the whole of one build.
   *
   * `signal` bounds the build from the caller's side. Opening rejects with `signal.reason` when
   * the signal is already aborted or aborts before the reader is ready. Once it aborts, every
   * pending and later `read` of the reader rejects promptly with `signal.reason`, whatever the
   * database is doing (even when it has stopped answering), and the reader's resources are
   * released: a MySQL reader destroys its connection rather than return it to the pool, so the
   * pool serves the next build. `close` is still safe to call afterwards.
   */
  openReader(scope: ReadScope, signal?: AbortSignal): Promise<NoteReader>;
}
