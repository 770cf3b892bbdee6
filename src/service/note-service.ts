import { buildContext, type BuildOutcome } from '../build-context.js';
import { BuildOptionsSchema, type BuildOptions } from '../build-options.js';
import { ValidationError } from '../errors.js';
import { render, type OutputFormat } from '../result/render.js';
import type { FoundNote, NoteFinder } from '../store/note-finder.js';
import type { NoteStore } from '../store/note-store.js';
import type { z } from 'zod';
import type { BuildSlots } from './build-slots.js';
import { FindNotesRequestSchema, type ContextRequest } from './requests.js';

export interface ContextResponse extends BuildOutcome {
  readonly format: OutputFormat;
  /** The result rendered in `format`. */
  readonly text: string;
}

export interface CallScope {
  /** Already decided by the host (see `readableNotebooksFor`). */
  readonly readableNotebooks?: readonly number[] | undefined;
  /** Ends the wait for the build: a timeout or a caller that went away. */
  readonly signal?: AbortSignal;
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
    const options = libraryOptions({
      focus: request.focus,
      budget: request.budget,
      tokenizer: request.tokenizer,
      truncate: request.truncate,
      readableNotebooks: scope.readableNotebooks && [...scope.readableNotebooks],
      format: request.format,
      signal: scope.signal,
    });
    const outcome = await this.run(() => buildContext(this.store, options), scope.signal);
    return { ...outcome, format: request.format, text: render(outcome.result, request.format) };
  }

  async findNotes(input: unknown, scope: CallScope = {}): Promise<readonly FoundNote[]> {
    const { query, limit } = parse(FindNotesRequestSchema, input);
    const readable = scope.readableNotebooks;
    return this.run(
      () => this.store.findNotes(query, { limit, ...(readable && { readableNotebooks: new Set(readable) }) }),
      scope.signal,
    );
  }

  private run<T>(work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    return untilAborted(this.slots ? this.slots.run(work) : work(), signal);
  }
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

const LIBRARY_OPTIONS = new Set(Object.keys(BuildOptionsSchema.shape));

/**
 * The options `buildContext` takes. The output format (to price the build for it) and the abort
 * signal are passed as soon as `BuildOptionsSchema` has them; until then the result is rendered
 * in the requested format and the wait is cut short by {@link untilAborted} alone.
 */
function libraryOptions(options: Record<string, unknown>): BuildOptions {
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => value !== undefined && LIBRARY_OPTIONS.has(key)),
  ) as BuildOptions;
}

/** Rejects with the signal's reason once it aborts; a build left behind still ends on its own. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
