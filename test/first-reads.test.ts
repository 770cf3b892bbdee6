import { describe, expect, it } from 'vitest';
import { startFirstReads } from '../src/shortcuts/start-first-reads.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { NoteReader } from '../src/store/note-store.js';
import { requestKey, type ExtendedReadRequest } from '../src/store/read-request.js';
import { createStrategies } from '../src/strategies/create-strategies.js';
import { TREE_RELATIONS } from '../src/relationships/relation.js';
import { NoteLoader } from '../src/strategies/note-loader.js';
import { walkParentChain } from '../src/strategies/walk-parent-chain.js';
import type { RelatedRelation } from '../src/relationships/relation.js';
import { notebook } from './support/notebook-builder.js';
import { readCapable } from './support/read-capable.js';

/**
 * The first reads are asked for before the focus note is known, and the strategies ask for the
 * same pages later: they only share a read when the two requests are the same. This pins that:
 * the first reads must be exactly the first requests of the relations they stand for.
 */

// 3 sits under 2 (under 1) beside 4 and 6, with child 5; 10 refers to 3; 7 and 8 are 2's siblings.
const fixture = notebook().n(1).n(2, { parentId: 1 }).n(7, { parentId: 1 }).n(8, { parentId: 1 }).n(6, { parentId: 2 }).n(3, { parentId: 2 }).n(4, { parentId: 2 }).n(5, { parentId: 3 }).n(9).n(10, { parentId: 9, objectId: 3 }).fixture();

/** A reader over the fixture that records each request it is sent, and takes `siblings` requests when `siblings`. */
async function recordingReader(siblings: boolean): Promise<{ reader: NoteReader; keys: string[] }> {
  const inner = await new MemoryNoteStore(fixture).openReader({ detailsLimit: 1000 });
  const keys: string[] = [];
  const read = (requests: readonly ExtendedReadRequest[]) => {
    keys.push(...requests.map(requestKey));
    return readCapable(inner, requests);
  };
  const reader: NoteReader = {
    read,
    ...(siblings && { readExtended: read }),
    roundTrips: 0,
    close: () => inner.close(),
  };
  return { reader, keys };
}

const loaderOver = (reader: NoteReader) => new NoteLoader(reader);

/** The relations whose first read needs nothing of the focus note but its id. */
const FIRST_READ: readonly RelatedRelation[] = ['Child', 'ReferringNote', 'PriorSibling', 'YoungerSibling', 'ParentSibling'];

describe('the first reads and the strategies ask for the same first pages', () => {
  for (const siblings of [true, false]) {
    it(siblings ? 'from a reader that takes siblings requests' : 'from a reader that takes only the required ones', async () => {
      const first = await recordingReader(siblings);
      startFirstReads(3, loaderOver(first.reader));
      await new Promise((resolve) => setImmediate(resolve));

      const walked = await recordingReader(siblings);
      const loader = loaderOver(walked.reader);
      const [focus, ancestors] = await Promise.all([loader.note(3, true), loader.ancestors(3)]);
      const strategies = createStrategies({ focus: focus!, ancestors: walkParentChain(focus!, ancestors) }, loader, new Set(TREE_RELATIONS));
      const before = walked.keys.length;
      // One candidate of each: the first page of each relation (both sides of a spiral).
      const candidateOf = async (relation: RelatedRelation) => strategies.next(relation);
      for (const relation of FIRST_READ) await candidateOf(relation);
      await candidateOf('ParentSibling');

      const asked = new Set(walked.keys.slice(before));
      expect(first.keys.length).toBe(siblings ? 6 : 2);
      // Without siblings requests, the siblings are read as children of the parents, which need
      // the focus note's record: those are no first reads.
      if (siblings) expect(asked).toEqual(new Set(first.keys));
      else expect(first.keys.filter((key) => !asked.has(key))).toEqual([]);
    });
  }
});
