import { beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { loadTokenizer } from '../src/budget/tokenizer.js';
import { BuildAborted, BuildTimeout } from '../src/errors.js';
import { Deadline } from '../src/deadline.js';
import type { NoteRecord } from '../src/model/note-record.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteStore } from '../src/store/note-store.js';
import type { Strategies } from '../src/strategies/strategies.js';
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

/** Strategies that always have `note` at hand, and call `onTake` whenever they hand it out. */
function endless(note: NoteRecord, onTake: () => void): Strategies {
  return {
    take: () => (onTake(), note),
    more: async () => true,
    anchorOf: () => undefined,
    feed: () => {},
    candidatesOf: () => {
      throw new Error('not read');
    },
  };
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

  it('a step that counted tokens is followed by a reading of the clock; other steps, at least every 16th', async () => {
    const note: NoteRecord = { id: 10, title: 'A note', siblingOrder: 1, notebookId: 1 };
    /** Candidates handed out by a walk that starts past its deadline, before the walk ends. */
    const stepsPastDeadline = async (priced: boolean): Promise<number> => {
      let steps = 0;
      const deadline = new Deadline(20, undefined);
      const strategies = deadline.guard(endless(note, () => steps++));
      const pricing = deadline.guardPricing({ notePrice: () => ({ cost: 1 }), entryCost: () => 1 });
      for (const until = performance.now() + 30; performance.now() < until; );
      try {
        while (steps < 100) {
          // As the walk does: no candidate at hand, it waits for more (and breathes).
          if (strategies.take('Child') === undefined) await strategies.more('Child');
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
    const strategies = deadline.guard(endless(note, () => steps++));
    try {
      strategies.take('Child');
      strategies.take('Child');
      controller.abort();
      // As the walk does: no candidate at hand (a breath is due), it waits for more.
      const next = () => (strategies.take('Child') === undefined ? strategies.more('Child') : Promise.resolve(true));
      await expect(Promise.resolve().then(next)).rejects.toBeInstanceOf(BuildAborted);
      expect(steps).toBe(2);
    } finally {
      deadline.clear();
    }
  });

  it('a long walk in memory stops at its deadline too (the clock read at least every 16 steps)', async () => {
    const store = new MemoryNoteStore(hubNotebook(20_000, 20_000));
    await expect(buildContext(store, { focus: 3, budget: 10_000_000, tokenizer: 'estimate', timeoutMs: 50 })).rejects.toBeInstanceOf(BuildTimeout);
    // Within its time it still finishes.
    const { result } = await buildContext(store, { focus: 3, budget: 200, tokenizer: 'estimate' });
    expect(result.relatedNotes.length).toBeGreaterThan(0);
  });
});
