import { describe, expect, it } from 'vitest';
import { buildContext } from '../src/build-context.js';
import { MemoryNoteStore } from '../src/store/memory/memory-note-store.js';
import type { ExtendedReadRequest } from '../src/store/read-request.js';
import { hubNotebook } from './support/hub-notebook.js';
import { notebook } from './support/notebook-builder.js';
import { recording } from './support/recording-store.js';

/** A request in a short form: `kind id [direction after]`. */
function short(request: ExtendedReadRequest): string {
  switch (request.kind) {
    case 'note':
      return `note ${request.id}${request.full ? ' full' : ''}`;
    case 'ancestors':
      return `ancestors ${request.id}`;
    case 'children':
      return `children ${request.parentId} ${request.direction}${request.after ? ` after ${request.after.id}` : ''} ${request.limit}`;
    case 'siblings':
      return `siblings ${request.of}${request.up ? ' up' : ''} ${request.direction} ${request.limit}`;
    case 'referrings':
      return `referrings ${request.objectId}${request.afterId !== undefined ? ` after ${request.afterId}` : ''} ${request.limit}`;
    case 'linked':
    case 'linking':
      return `${request.kind} ${request.id}`;
  }
}

describe('the batches the core sends a store (one batch per round trip)', () => {
  it('a focus with a parent, an object, a child, a sibling and a referring note: two batches', async () => {
    // 3 sits under 2 (under 1), with object 9, child 5, younger sibling 4; 10 (under 9) refers to 3.
    const fixture = notebook().n(1).n(2, { parentId: 1 }).n(3, { parentId: 2, objectId: 9 }).n(4, { parentId: 2 }).n(5, { parentId: 3 }).n(9).n(10, { parentId: 9, objectId: 3 }).fixture();
    const { store, seen } = recording(new MemoryNoteStore(fixture));
    await buildContext(store, { focus: 3, budget: 100, tokenizer: 'one-per-note' });
    expect(seen.batches.map((batch) => batch.map(short))).toEqual([
      // The focus note in full and its contextual path, with the first pages of everything that
      // needs only the focus note's id: its children and referring notes, its siblings on both
      // sides and its parent's siblings on both sides (read as siblings of 3 "up" one step).
      [
        'note 3 full',
        'ancestors 3',
        'children 3 asc 16',
        'referrings 3 16',
        'siblings 3 desc 16',
        'siblings 3 asc 16',
        'siblings 3 up desc 16',
        'siblings 3 up asc 16',
      ],
      // The object and its path, which need the focus note's record, and what the referring
      // note's page leads to, read ahead: its path and its cousins (its subject, 9, is read).
      ['note 9', 'ancestors 9', 'ancestors 10', 'children 9 asc 16'],
    ]);
  });

  it('a hub of 200 children (ids 14 to 213): pages grow and are read one ahead, never one round trip per page', async () => {
    const { store, seen } = recording(new MemoryNoteStore(hubNotebook(200, 0)));
    await buildContext(store, { focus: 3, budget: 100_000, tokenizer: 'one-per-note' });
    const childPages = seen.batches.map((batch) => batch.filter((request) => request.kind === 'children' && request.parentId === 3).map(short));
    expect(childPages.filter((pages) => pages.length > 0)).toEqual([
      ['children 3 asc 16'],
      ['children 3 asc after 29 64'],
      ['children 3 asc after 93 256'],
    ]);
    expect(seen.batches.length).toBe(4);
  });
});

describe('the reads of a store that answers at once (readNow: no batches to save round trips)', () => {
  it('each request when the walk needs it: no page read ahead, no dependents warmed', async () => {
    // As in the first test above; a budget of 3 admits the parent, the object and the child.
    const fixture = notebook().n(1).n(2, { parentId: 1 }).n(3, { parentId: 2, objectId: 9 }).n(4, { parentId: 2 }).n(5, { parentId: 3 }).n(9).n(10, { parentId: 9, objectId: 3 }).fixture();
    const { store, seen } = recording(new MemoryNoteStore(fixture), { atOnce: true });
    await buildContext(store, { focus: 3, budget: 3, tokenizer: 'one-per-note' });
    expect(seen.batches.map((batch) => batch.map(short))).toEqual([
      ['note 3 full'],
      ['ancestors 3'],
      // The object and its path are needed to know the object's parent's siblings.
      ['note 9'],
      ['ancestors 9'],
      // The parent and the object were read with the focus note and its path; the child spends
      // the last of the budget, so no sibling, referring note or cousin is read.
      ['children 3 asc 16'],
    ]);
  });

  it('a hub of 200 children: its pages grow as for any store, each read once', async () => {
    const { store, seen } = recording(new MemoryNoteStore(hubNotebook(200, 0)), { atOnce: true });
    await buildContext(store, { focus: 3, budget: 100_000, tokenizer: 'one-per-note' });
    const childPages = seen.batches.flat().filter((request) => request.kind === 'children' && request.parentId === 3);
    expect(childPages.map(short)).toEqual(['children 3 asc 16', 'children 3 asc after 29 64', 'children 3 asc after 93 256']);
  });
});
