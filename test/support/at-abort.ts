import { expect } from 'vitest';

/** How a promise stood when looked at. */
export interface Standing {
  state: 'pending' | 'resolved' | 'rejected';
  reason?: unknown;
}

/**
 * Lets `work` wait `waitMs` on what is frozen (it must still be waiting then), aborts `controller`
 * with `reason`, and answers how `work` stood one turn of the event loop later. A frozen server
 * answers nothing, so only the abort can have settled it, and at once: no timing is asserted.
 */
export async function atAbort(work: Promise<unknown>, controller: AbortController, reason: unknown, waitMs: number): Promise<Standing> {
  const seen: Standing = { state: 'pending' };
  work.then(
    () => (seen.state = 'resolved'),
    (rejection: unknown) => Object.assign(seen, { state: 'rejected', reason: rejection }),
  );
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  expect(seen.state, 'still waiting on what is frozen before the abort').toBe('pending');
  controller.abort(reason);
  await new Promise((resolve) => setImmediate(resolve));
  return seen;
}
