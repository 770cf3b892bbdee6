import { beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { loadTokenizer } from '../src/budget/tokenizer.js';
import { BuildAborted, BuildTimeout } from '../src/errors.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import { hubNotebook } from './support/hub-notebook.js';

/** A store whose reads answer only after `delayMs`, and that records whether its reader was closed. */
function slowStore(inner: NoteStore, delayMs: number) {
  const state = { closed: 0, opened: 0 };
  const store: NoteStore = {
    openReader: async (scope, signal) => {
      const reader = await inner.openReader(scope, signal);
      state.opened++;
      return {
        read: (requests) => new Promise((resolve) => setTimeout(resolve, delayMs).unref()).then(() => reader.read(requests)),
        roundTrips: 0,
        close: async () => {
          state.closed++;
          await reader.close();
        },
      };
    },
  };
  return { store, state };
}

describe('deadlines and cancellation', () => {
  // Loading the default tokenizer's tables holds the event loop (from the sources, without the
  // built rank file, for a large part of a second on a loaded machine): load them first, so that
  // the times below are the builds' own.
  beforeAll(() => loadTokenizer('o200k'));

  it('a build past its timeoutMs rejects with BuildTimeout within a few ms, and its reader is closed', async () => {
    const { store, state } = slowStore(new MemoryNoteStore(hubNotebook(50, 50)), 10_000);
    const started = performance.now();
    await expect(buildContext(store, { focus: 3, budget: 2000, timeoutMs: 200 })).rejects.toBeInstanceOf(BuildTimeout);
    expect(performance.now() - started).toBeLessThan(400);
    expect(state.closed).toBe(state.opened);
  });

  it("the caller's signal aborts a build with BuildAborted; an already aborted signal reads nothing", async () => {
    const { store, state } = slowStore(new MemoryNoteStore(hubNotebook(50, 50)), 10_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    await expect(buildContext(store, { focus: 3, budget: 2000, signal: controller.signal })).rejects.toBeInstanceOf(BuildAborted);
    expect(performance.now() - started).toBeLessThan(300);
    expect(state.closed).toBe(state.opened);
    await expect(buildContext(store, { focus: 3, budget: 2000, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(BuildAborted);
  });

  it('a long walk in memory stops at its deadline too (checked at every step)', async () => {
    const store = new MemoryNoteStore(hubNotebook(20_000, 20_000));
    await expect(buildContext(store, { focus: 3, budget: 10_000_000, tokenizer: 'estimate', timeoutMs: 50 })).rejects.toBeInstanceOf(BuildTimeout);
    // Within its time it still finishes.
    const { result } = await buildContext(store, { focus: 3, budget: 200, tokenizer: 'estimate' });
    expect(result.relatedNotes.length).toBeGreaterThan(0);
  });
});
