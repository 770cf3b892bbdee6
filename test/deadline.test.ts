import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { loadTokenizer } from '../src/budget/tokenizer.js';
import { BuildAborted, BuildTimeout, StoreUnavailable } from '../src/note-context-error.js';
import { Deadline } from '../src/deadline.js';
import { WalkPace } from '../src/iterator/walk-pace.js';
import type { NoteRecord } from '../src/model/note-record.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import type { Strategies } from '../src/strategies/strategies.js';
import { hubNotebook } from './support/hub-notebook.js';

/** A store whose reads never answer, and that records when one is asked and whether its reader was closed. */
function frozenStore(inner: NoteStore) {
  const state = { closed: 0, opened: 0, reads: 0 };
  let firstRead!: () => void;
  const asked = new Promise<void>((resolve) => (firstRead = resolve));
  const store: NoteStore = {
    openReader: async (scope, signal) => {
      const reader = await inner.openReader(scope, signal);
      state.opened++;
      return {
        read: () => {
          state.reads++;
          firstRead();
          return new Promise(() => {});
        },
        roundTrips: 0,
        close: async () => {
          state.closed++;
          await reader.close();
        },
      };
    },
  };
  return { store, state, asked };
}

/** A promise's outcome, readable at any time without awaiting it. */
function watch(promise: Promise<unknown>) {
  const seen: { state: 'pending' | 'resolved' | 'rejected'; reason?: unknown } = { state: 'pending' };
  promise.then(
    () => (seen.state = 'resolved'),
    (reason: unknown) => Object.assign(seen, { state: 'rejected', reason }),
  );
  return seen;
}

/** Strategies that always have `note` at hand, and call `onTake` whenever they hand it out. */
function endless(note: NoteRecord, onTake: () => void): Strategies {
  return {
    next: () => (onTake(), note),
    anchorOf: () => undefined,
    feed: () => {},
  };
}

describe('deadlines and cancellation', () => {
  // Loading the default tokenizer's tables holds the event loop (from the sources, without the
  // built rank file, for a large part of a second on a loaded machine): load them first, so that
  // the times below are the builds' own.
  beforeAll(() => loadTokenizer('o200k'));

  it('a build past its timeoutMs rejects with BuildTimeout when its time is up, though the store never answers, and its reader is closed', async () => {
    // Fake time: the build's timer and clock move only as the test moves them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { store, state } = frozenStore(new MemoryNoteStore(hubNotebook(50, 50)));
      const outcome = watch(buildContext(store, { focus: 3, budget: 2000, timeoutMs: 200 }));
      await vi.advanceTimersByTimeAsync(199);
      expect(state.reads).toBeGreaterThan(0);
      expect(outcome.state).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome.state).toBe('rejected');
      expect(outcome.reason).toBeInstanceOf(BuildTimeout);
      expect(state.closed).toBe(state.opened);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a read that fails once the time is up, before the timer has run, fails the build with BuildTimeout', async () => {
    // As a statement the server stops at the build's own limit: it started after the build, so its failure comes once
    // the build's time is up. The read holds the thread until then, so the build's timer cannot have run before it fails.
    const failing: NoteStore = {
      openReader: async () => ({
        read: async () => {
          const until = performance.now() + 60;
          while (performance.now() < until);
          throw new StoreUnavailable('a note query failed: max_statement_time exceeded');
        },
        roundTrips: 0,
        close: async () => {},
      }),
    };
    const built = buildContext(failing, { focus: 1, budget: 100, timeoutMs: 40 });
    await expect(built).rejects.toBeInstanceOf(BuildTimeout);
    await expect(built).rejects.toThrow('the build took longer than 40 ms');
  });

  it("the caller's signal aborts a build with BuildAborted, though the store never answers; an already aborted signal reads nothing", async () => {
    const { store, state, asked } = frozenStore(new MemoryNoteStore(hubNotebook(50, 50)));
    const controller = new AbortController();
    const building = buildContext(store, { focus: 3, budget: 2000, signal: controller.signal });
    // Aborted while a read waits on the store: only the abort can end the build.
    await asked;
    controller.abort();
    await expect(building).rejects.toBeInstanceOf(BuildAborted);
    expect(state.closed).toBe(state.opened);
    const readsBefore = state.reads;
    await expect(buildContext(store, { focus: 3, budget: 2000, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(BuildAborted);
    expect(state.reads).toBe(readsBefore);
  });

  it('a step that counted tokens is followed by a reading of the clock; other steps, at least every 16th', async () => {
    const note: NoteRecord = { id: 10, title: 'A note', siblingOrder: 1, notebookId: 1 };
    /** Candidates handed out by a walk that starts past its deadline, before the walk ends. */
    const stepsPastDeadline = async (priced: boolean): Promise<number> => {
      let steps = 0;
      const deadline = new Deadline(20, undefined);
      const pace = new WalkPace(deadline);
      const strategies = pace.strategies(endless(note, () => steps++));
      const pricing = pace.pricing({ notePrice: () => 1, entryCost: () => 1 });
      for (const until = performance.now() + 30; performance.now() < until; );
      try {
        while (steps < 100) {
          // As the walk does: a step that breathes is waited for.
          const next = strategies.next('Child');
          if (next instanceof Promise) await next;
          else if (priced) pricing.notePrice(note, 'Child', undefined as never);
        }
      } catch (error) {
        expect(error).toBeInstanceOf(BuildTimeout);
      } finally {
        deadline.clear();
      }
      return steps;
    };
    expect(await stepsPastDeadline(true)).toBe(1);
    expect(await stepsPastDeadline(false)).toBe(15);

    // The caller's abort, though, is seen at the very next step, clock read or not.
    const controller = new AbortController();
    const deadline = new Deadline(60_000, controller.signal);
    let steps = 0;
    const strategies = new WalkPace(deadline).strategies(endless(note, () => steps++));
    try {
      strategies.next('Child');
      strategies.next('Child');
      controller.abort();
      const next = () => strategies.next('Child');
      await expect(Promise.resolve().then(next)).rejects.toBeInstanceOf(BuildAborted);
      expect(steps).toBe(2);
    } finally {
      deadline.clear();
    }
  });

  it('a long walk in memory stops at its deadline too (the clock read at least every 16 steps)', async () => {
    const store = new MemoryNoteStore(hubNotebook(20_000, 20_000));
    // A clock that moves 1 ms a reading: the walk passes its 500 ms whatever the machine's speed.
    let now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    try {
      await expect(buildContext(store, { focus: 3, budget: 10_000_000, tokenizer: 'estimate', timeoutMs: 500 })).rejects.toBeInstanceOf(BuildTimeout);
    } finally {
      clock.mockRestore();
    }
    // Within its time it still finishes.
    const { result } = await buildContext(store, { focus: 3, budget: 200, tokenizer: 'estimate' });
    expect(result.relatedNotes.length).toBeGreaterThan(0);
  });
});
