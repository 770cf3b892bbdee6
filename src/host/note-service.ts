import { buildContext } from '../build-context.js';
import type { AnyBuildOptions } from '../build-options.js';
import { Deadline, type DeadlineEnds } from '../deadline.js';
import { BuildTimeout, validated } from '../note-context-error.js';
import { render } from '../result/render.js';
import type { FoundNote, NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';
import type { z } from 'zod';
import type { BuildSlots } from './build-slots.js';
import { FindNotesRequestSchema } from './find-notes-request-schema.js';
import type { ContextRequest } from './context-request-schema.js';

export interface CallScope {
  /** Already decided by the host (see the HTTP API's `X-Readable-Notebooks`). */
  readonly readableNotebooks?: readonly number[] | undefined;
  /** The caller went away or cancelled: a build stops; a search, which cannot, is no longer waited for. */
  readonly signal?: AbortSignal | undefined;
  /** Longest the whole call may take, waiting for a slot included. */
  readonly timeoutMs?: number | undefined;
}

/** A call ends with its caller's own reason, or a timeout that names no build. */
const CALL_ENDS: DeadlineEnds = {
  timedOut: () => new DOMException('the request did not finish in time', 'TimeoutError'),
  aborted: (reason) => reason,
};

/** What services do with a store: every input validated with the library's schemas; with `slots`, bounded. */
export class NoteService {
  constructor(private readonly store: NoteStore & NoteFinder, private readonly slots?: BuildSlots) {}

  async context(schema: z.ZodType<ContextRequest>, input: unknown, scope: CallScope = {}) {
    const request = validated(schema, input);
    const end = new Deadline(scope.timeoutMs, scope.signal, CALL_ENDS);
    try {
      // A call that waits for a slot keeps to its deadline: the build gets the time left.
      const outcome = await this.run(() => {
        const timeoutMs = end.remainingMs();
        // Priced for the format it is rendered in; stopped, not only abandoned, by the caller's signal and deadline.
        const options: AnyBuildOptions = {
          ...request,
          ...(scope.readableNotebooks && { readableNotebooks: [...scope.readableNotebooks] }),
          ...(timeoutMs !== undefined && { timeoutMs }),
          ...(scope.signal && { signal: scope.signal }),
        };
        return buildContext(this.store, options).catch((error: unknown) => {
          // The caller set the whole call's time, waiting included: its timeout is the one to name.
          throw error instanceof BuildTimeout && scope.timeoutMs !== undefined ? new BuildTimeout(scope.timeoutMs) : error;
        });
      }, end.signal);
      return { ...outcome, format: request.format, text: render(outcome.result, request.format) };
    } finally {
      end.clear();
    }
  }

  async findNotes(input: unknown, scope: CallScope = {}): Promise<readonly FoundNote[]> {
    const { query, limit } = validated(FindNotesRequestSchema, input);
    const end = new Deadline(scope.timeoutMs, scope.signal, CALL_ENDS);
    try {
      // The search gets the call's signal: the store gives up its connection when it aborts.
      const options = { limit, signal: end.signal, ...(scope.readableNotebooks && { readableNotebooks: new Set(scope.readableNotebooks) }) };
      return await end.race(this.run(() => this.store.findNotes(query, options), end.signal));
    } finally {
      end.clear();
    }
  }

  private run<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return this.slots ? this.slots.run(work, signal) : work();
  }
}

