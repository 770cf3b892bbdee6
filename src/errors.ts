import type { ZodError, core } from 'zod';

/**
 * For a value no member of a union takes, the issue of the member that took its type (a string
 * that is not a uri says what a uri looks like), with the union's path; otherwise the issue itself.
 */
function telling(issue: core.$ZodIssue | undefined): core.$ZodIssue | undefined {
  if (issue?.code !== 'invalid_union') return issue;
  const branch = issue.errors.find((issues) => issues[0] !== undefined && issues[0].code !== 'invalid_type');
  const inner = telling(branch?.[0]);
  return inner ? { ...inner, path: [...issue.path, ...inner.path] } : issue;
}

/** Base class of every error note-context throws on purpose. */
export class NoteContextError extends Error {
  override name = 'NoteContextError';
}

/** Input that cannot be used: bad options, a bad fixture, a bad budget. Names the field. */
export class ValidationError extends NoteContextError {
  override name = 'ValidationError';
  constructor(
    /** Dotted path of the offending field, e.g. `budget` or `notes[3].id`. */
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
  }

  /** The first issue of a zod failure, with its path prefixed by `where`. */
  static fromZod(error: ZodError, where = ''): ValidationError {
    const issue = telling(error.issues[0]);
    const keys = [...(issue?.path ?? []), ...(issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])];
    const path = keys.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    const field = `${where}${path}`.replace(/^\./, '') || where || 'input';
    return new ValidationError(field, issue?.code === 'unrecognized_keys' ? 'unknown field' : (issue?.message ?? 'invalid'));
  }
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
