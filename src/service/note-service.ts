import { buildContext, type BuildOutcome } from '../build-context.js';
import type { AnyBuildOptions } from '../build-options.js';
import type { AnyResult } from '../result/schema.js';
import { ValidationError } from '../errors.js';
import { render, type OutputFormat } from '../result/render.js';
import type { FoundNote, NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';
import type { z } from 'zod';
import type { BuildSlots } from './build-slots.js';
import { FindNotesRequestSchema, type ContextRequest } from './requests.js';

export interface ContextResponse extends BuildOutcome<AnyResult> {
  readonly format: OutputFormat;
  /** The result rendered in `format`. */
  readonly text: string;
}

export interface CallScope {
  /** Already decided by the host (see `readableNotebooksFor`). */
  readonly readableNotebooks?: readonly number[] | undefined;
  /**
   * The caller went away or cancelled. A build stops (and frees its database connection) with
   * `BuildAborted`; a search, which cannot be stopped, is only no longer waited for.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * Longest the call may take. A build stops with `BuildTimeout` (the library's `timeoutMs`;
   * its default when absent); a search is no longer waited for.
   */
  readonly timeoutMs?: number | undefined;
}

/**
 * What services do with a store. Every input is validated here, with the library's schemas;
 * with `slots`, at most so many builds and searches run at once.
 */
export class NoteService {
  constructor(
    private readonly store: NoteStore & NoteFinder,
    private readonly slots?: BuildSlots,
  ) {}

  async context(schema: z.ZodType<ContextRequest>, input: unknown, scope: CallScope = {}): Promise<ContextResponse> {
    const request = parse(schema, input);
    // Priced for the format it is rendered in; stopped, not only abandoned, by the caller's signal and deadline.
    const options: AnyBuildOptions = {
      focus: request.focus,
      budget: request.budget,
      tokenizer: request.tokenizer,
      format: request.format,
      ...(request.truncate !== undefined && { truncate: request.truncate }),
      ...(request.relations && { relations: request.relations }),
      ...(request.fit !== undefined && { fit: request.fit }),
      ...(scope.readableNotebooks && { readableNotebooks: [...scope.readableNotebooks] }),
      ...(scope.timeoutMs !== undefined && { timeoutMs: scope.timeoutMs }),
      ...(scope.signal && { signal: scope.signal }),
    };
    const outcome = await this.run(() => buildContext(this.store, options));
    return { ...outcome, format: request.format, text: render(outcome.result, request.format) };
  }

  async findNotes(input: unknown, scope: CallScope = {}): Promise<readonly FoundNote[]> {
    const { query, limit } = parse(FindNotesRequestSchema, input);
    const readable = scope.readableNotebooks;
    const end = endOf(scope);
    end?.throwIfAborted();
    const search = this.run(() => this.store.findNotes(query, { limit, ...(readable && { readableNotebooks: new Set(readable) }) }));
    return untilAborted(search, end);
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    return this.slots ? this.slots.run(work) : work();
  }
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

/** The caller's signal and deadline as one signal, if there is either. */
function endOf(scope: CallScope): AbortSignal | undefined {
  const signals = [scope.signal, scope.timeoutMs === undefined ? undefined : AbortSignal.timeout(scope.timeoutMs)].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  return signals.length > 1 ? AbortSignal.any(signals) : signals[0];
}

/** Rejects with the signal's reason once it aborts; the work left behind still ends on its own (and keeps its slot). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
