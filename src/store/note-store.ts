import type { NoteRecord } from '../model/note-record.js';
import type { ReadRequest } from './read-request.js';
import type { ExtendedReadRequest } from './extended-read-request.js';
import type { FilteredRecord } from './size-filter.js';

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

export type { AncestorsRequest, ChildrenPageRequest, NoteRequest, ReadRequest, ReferringPageRequest } from './read-request.js';

/**
 * The port through which the core reads notes: the few reads spec sections 1–4 need. It is one
 * batch-shaped method: many requests in, one list of records per request out, in the same order,
 * so an adapter can answer a whole batch in one round trip. Every record is a visible note under
 * the reader's scope, and its `parent` and `object` links are present only when those notes are
 * visible too. A page holds at most `limit` records; one with fewer is the last.
 */
export interface NoteReader {
  read(requests: readonly ReadRequest[]): Promise<readonly (readonly NoteRecord[])[]>;
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
  /**
   * Optional, only to save time: a batch that may also hold the extended requests, first pages of
   * siblings (`SiblingsPageRequest`) and pages with a size filter (`FilteredPageRequest`, answered
   * with `FilteredRecord`s), in one round trip as `read` answers its own. When a reader has it,
   * the core sends every batch here. A reader without it gives the same results and reports.
   */
  readExtended?(requests: readonly ExtendedReadRequest[]): Promise<readonly (readonly FilteredRecord[])[]>;
  /**
   * Optional, for a reader that holds its notes in memory: the answer to one request, at once.
   * The core then reads each request when it needs it, without batches or reading ahead, which
   * only save round trips. It takes what `readExtended` takes when the reader has that, else what
   * `read` takes.
   */
  readNow?(request: ExtendedReadRequest): readonly FilteredRecord[];
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
