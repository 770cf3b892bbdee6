import { describe, expect, it } from 'vitest';
import { BuildAborted, BuildTimeout, NoteNotFound, StoreUnavailable, ValidationError } from '../src/note-context-error.js';
import { NotAuthorized, ServiceBusy, serviceErrorOf } from '../src/host/service-error.js';

/** A framework's handler timeout, shaped as Fastify's `FST_ERR_HANDLER_TIMEOUT`. */
const handlerTimeout = Object.assign(new Error("Request timed out after 300 ms on route '/notes/:id/context'"), { code: 'FST_ERR_HANDLER_TIMEOUT' });

describe('serviceErrorOf: one mapping for the CLI, MCP and HTTP', () => {
  const cases: [string, unknown, { status: number; exitCode: number; code: string; message: string }][] = [
    ['a validation error', new ValidationError('budget', 'expected an integer ≥ 0, got -1'), { status: 400, exitCode: 2, code: 'invalid_input', message: 'invalid input: budget: expected an integer ≥ 0, got -1' }],
    ['a missing note', new NoteNotFound(42), { status: 404, exitCode: 3, code: 'not_found', message: 'note 42 not found' }],
    ['a store that cannot answer', new StoreUnavailable('cannot reach the database: refused\nmore'), { status: 503, exitCode: 1, code: 'unavailable', message: 'cannot reach the database: refused' }],
    ['a missing token', new NotAuthorized('missing or wrong bearer token'), { status: 401, exitCode: 1, code: 'unauthorized', message: 'missing or wrong bearer token' }],
    ['no free slot', new ServiceBusy('too many requests at once (2); retry shortly'), { status: 503, exitCode: 1, code: 'busy', message: 'too many requests at once (2); retry shortly' }],
    ['a build past its timeoutMs', new BuildTimeout(300), { status: 503, exitCode: 1, code: 'timeout', message: 'the build took longer than 300 ms' }],
    ['a build aborted by a handler timeout', new BuildAborted({ cause: handlerTimeout }), { status: 503, exitCode: 1, code: 'timeout', message: 'the request did not finish in time' }],
    ['a handler timeout', handlerTimeout, { status: 503, exitCode: 1, code: 'timeout', message: 'the request did not finish in time' }],
    ['an AbortSignal.timeout', new DOMException('timed out', 'TimeoutError'), { status: 503, exitCode: 1, code: 'timeout', message: 'the request did not finish in time' }],
    ['a build its caller aborted', new BuildAborted({ cause: new DOMException('aborted', 'AbortError') }), { status: 503, exitCode: 1, code: 'cancelled', message: 'the build was aborted' }],
    ['a wait its caller aborted', new DOMException('aborted', 'AbortError'), { status: 503, exitCode: 1, code: 'cancelled', message: 'the request was cancelled' }],
    ['anything else', new TypeError('x is undefined'), { status: 500, exitCode: 1, code: 'internal', message: 'internal error' }],
  ];
  for (const [what, error, expected] of cases) {
    it(what, () => {
      expect(serviceErrorOf(error)).toMatchObject(expected);
    });
  }

  it('a message is one line with no password, whatever it quotes', () => {
    const mapped = serviceErrorOf(new ValidationError('focus', 'expected a note id, got "1\n2 mysql://u:secret@h/db"'));
    expect(mapped.message).toBe('invalid input: focus: expected a note id, got "1\\n2 mysql://u:***@h/db"');
    expect(mapped.field).toBe('focus');
  });
});
