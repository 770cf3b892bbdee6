import { describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteReader, NoteStore } from '../src/store/note-store.js';
import type { ExtendedReadRequest } from '../src/store/read-request.js';
import { readPagesWide } from '../src/store/sql/read-pages-wide.js';
import { hubNotebook } from './support/hub-notebook.js';
import { recording } from './support/recording-store.js';

/** A page of the children of `parent` (or siblings of it) in a short form: `kind id direction [after id] limit [filtered]`. */
function pagesOf(parent: number, batches: readonly (readonly ExtendedReadRequest[])[]): string[] {
  return batches.flat().flatMap((request) => {
    const filtered = 'filter' in request && request.filter ? ' filtered' : '';
    if (request.kind === 'children' && request.parentId === parent) {
      return [`children ${request.direction}${request.after ? ` after ${request.after.id}` : ''} ${request.limit}${filtered}`];
    }
    if (request.kind === 'siblings' && request.of === parent && request.up === 0) return [`siblings ${request.direction} ${request.limit}${filtered}`];
    return [];
  });
}

type ReadsExtended = NoteReader & Required<Pick<NoteReader, 'readExtended'>>;

/** A build over the memory store's reads in batches (no `readNow`), recorded; read wide or not. Its JSON, round trips aside. */
async function build(store: NoteStore, focus: number, budget: number, wide: boolean) {
  const { store: recorded, seen } = recording(store);
  const read: NoteStore = wide ? { openReader: async (scope) => readPagesWide((await recorded.openReader(scope)) as ReadsExtended) } : recorded;
  const { result, report } = await buildContext(read, { focus, budget });
  return { json: JSON.stringify({ result, report: { ...report, roundTrips: undefined } }), batches: seen.batches };
}

describe('first pages of children read wide, for a store whose every page sorts all the children', () => {
  // The hub (3) has 1,000 children (ids 14 to 1,013); its first child (14) has 999 younger siblings. Pages go 16, 64, 256, 512.
  const memory = new MemoryNoteStore(hubNotebook(1_000, 20));

  it('the hub, every child fitting: its second page answered from the first 80 rows read, the result unchanged', async () => {
    const [plain, wide] = [await build(memory, 3, 100_000, false), await build(memory, 3, 100_000, true)];
    expect(wide.json).toBe(plain.json);
    expect(pagesOf(3, plain.batches)).toEqual(['children asc 16', 'siblings desc 16', 'siblings asc 16', 'children asc after 29 64', 'children asc after 93 256', 'children asc after 349 512', 'children asc after 861 512']);
    expect(pagesOf(3, wide.batches)).toEqual(['children asc 80', 'siblings desc 80', 'siblings asc 80', 'children asc after 93 256', 'children asc after 349 512', 'children asc after 861 512']);
  });

  it('a child, the budget tight: its siblings’ second page answered from the first, the filtered rest and its cousins’ pages read as asked', async () => {
    const [plain, wide] = [await build(memory, 14, 400, false), await build(memory, 14, 400, true)];
    expect(wide.json).toBe(plain.json);
    expect(pagesOf(14, plain.batches)).toEqual(['children asc 16', 'siblings desc 16', 'siblings asc 16']);
    expect(pagesOf(3, plain.batches)).toEqual(['children asc after 30 64', 'children asc after 94 2147483647 filtered']);
    expect(pagesOf(14, wide.batches)).toEqual(['children asc 80', 'siblings desc 80', 'siblings asc 80']);
    expect(pagesOf(3, wide.batches)).toEqual(['children asc after 94 2147483647 filtered']);
    // Its cousins, the children of the hub's siblings 10 to 13, are first read after the focus note: not widened.
    for (const sibling of [10, 11, 12, 13]) expect(pagesOf(sibling, wide.batches)[0]).toBe('children asc 16');
    // A batch of nothing but pages read ahead is not sent.
    expect([plain.batches.length, wide.batches.length]).toEqual([5, 4]);
  });

  it('a relation that ends within the rows read: no page read after them', async () => {
    const few = new MemoryNoteStore(hubNotebook(40, 0));
    const [plain, wide] = [await build(few, 3, 100_000, false), await build(few, 3, 100_000, true)];
    expect(wide.json).toBe(plain.json);
    expect(pagesOf(3, plain.batches)).toEqual(['children asc 16', 'siblings desc 16', 'siblings asc 16', 'children asc after 29 64']);
    expect(pagesOf(3, wide.batches)).toEqual(['children asc 80', 'siblings desc 80', 'siblings asc 80']);
  });
});
