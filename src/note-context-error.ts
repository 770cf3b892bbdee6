import type { output, ZodType } from 'zod';

/** Base class of every error note-context throws on purpose. */
export class NoteContextError extends Error {
  override name = 'NoteContextError';
}

/** Input that cannot be used: bad options, a bad fixture, a bad budget. Names the field. */
export class ValidationError extends NoteContextError {
  override name = 'ValidationError';
  constructor(
    /** The offending field: a key (`budget`), a path (`notes[3].id`) or, on the CLI, a flag (`--budget`). */
    readonly field: string,
    readonly problem: string,
    message = `${field}: ${problem}`,
  ) {
    super(message);
  }
}

/** `input` as `schema` reads it, or a `ValidationError` of its first issue, an unknown key first (it explains a missing one); `whole` names the input itself. */
export function validated<S extends ZodType>(schema: S, input: unknown, whole = 'input', fieldOf: (path: readonly PropertyKey[]) => string = dottedPath): output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const field = fieldOf([...issue.path, issue.keys[0] ?? '']);
    throw new ValidationError(field, 'unknown option', `unknown option ${JSON.stringify(field)}`);
  }
  const path = issue?.path ?? [];
  throw new ValidationError(path.length === 0 ? whole : fieldOf(path), issue?.message ?? 'invalid');
}

/** `notes[3].id`: how a path into a JSON value is written. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');
}

/** A zod error function giving one message per field, whichever check failed: `expected an integer ≥ 0, got "ten"`. */
export function expecting(what: string): (issue: { readonly input?: unknown }) => string {
  return (issue) => (issue.input === undefined ? `required, expected ${what}` : `expected ${what}, got ${shown(issue.input)}`);
}

const LONGEST_SHOWN = 60;

/** A value as an error message shows it: short, on one line, strings quoted. */
export function shown(value: unknown): string {
  if (typeof value === 'string') {
    const points = [...value];
    const cut = points.length > LONGEST_SHOWN ? `${points.slice(0, LONGEST_SHOWN).join('')}…` : value;
    return JSON.stringify(cut);
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? 'a function' : String(value);
  if (Array.isArray(value)) return 'an array';
  const kind = Object.getPrototypeOf(value)?.constructor?.name;
  return kind && kind !== 'Object' ? `a ${kind}` : 'an object';
}

/** The focus note is missing, deleted or in a notebook the viewer may not read. */
export class NoteNotFound extends NoteContextError {
  override name = 'NoteNotFound';
  constructor(readonly noteId: number) {
    super(`note ${noteId} not found`);
  }
}

/** The store could not answer: the database is unreachable, a query failed or timed out. */
export class StoreUnavailable extends NoteContextError {
  override name = 'StoreUnavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The build took longer than its `timeoutMs` and was given up; whatever it held was released. */
export class BuildTimeout extends NoteContextError {
  override name = 'BuildTimeout';
  constructor(readonly timeoutMs: number) {
    super(`the build took longer than ${timeoutMs} ms`);
  }
}

/** The caller's `signal` aborted the build; whatever it held was released. */
export class BuildAborted extends NoteContextError {
  override name = 'BuildAborted';
  constructor(options?: { cause?: unknown }) {
    super('the build was aborted', options);
  }
}
