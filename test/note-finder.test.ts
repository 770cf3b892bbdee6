import { afterAll, describe, expect, it } from 'vitest';
import type { NoteData } from '../src/store/memory/fixture.js';
import type { NoteFinder } from '../src/store/note-finder.js';
import type { NoteStore } from '../src/store/note-store.js';
import { STORE_KINDS } from './support/describe-stores.js';

const note = (id: number, title: string, extra: Partial<NoteData> = {}): NoteData => ({
  id,
  title,
  siblingOrder: id,
  notebookId: 1,
  ...extra,
});

const fixture = {
  notebooks: [],
  notes: [
    note(1, 'Energy drinks'),
    note(2, 'Energy'),
    note(3, 'energy', { notebookId: 2 }),
    note(4, 'Kinetic energy'),
    note(5, 'Energy (deleted)', { deletedAt: '2026-01-01' }),
    note(6, '100% juice'),
    note(7, '1000 things'),
    note(8, 'a_b c'),
    note(9, 'axb c'),
    note(10, '!bang'),
    note(11, 'x!y'),
    note(12, "O'Brien \\ back"),
  ],
};

for (const kind of STORE_KINDS) {
  describe(`findNotes on the ${kind.name} store`, () => {
    afterAll(() => kind.dispose());
    let loaded: Promise<NoteStore & NoteFinder> | undefined;
    const store = () => (loaded ??= kind.load(fixture) as Promise<NoteStore & NoteFinder>);
    const ids = async (query: string, options: { limit?: number; readableNotebooks?: number[] } = {}) =>
      (
        await (await store()).findNotes(query, {
          limit: options.limit ?? 10,
          ...(options.readableNotebooks && { readableNotebooks: new Set(options.readableNotebooks) }),
        })
      ).map((found) => found.uri);

    it('matches title prefixes ignoring case, shortest title first, then id; never deleted notes', async () => {
      expect(await ids('energy')).toEqual(['/n2', '/n3', '/n1']);
      expect(await ids('ENER')).toEqual(['/n2', '/n3', '/n1']);
      expect(await ids('kinetic')).toEqual(['/n4']);
      expect(await ids('energy (')).toEqual([]);
    });

    it('returns uri, title and notebook id, at most limit notes', async () => {
      expect(await (await store()).findNotes('energy', { limit: 2 })).toEqual([
        { uri: '/n2', title: 'Energy', notebookId: 1 },
        { uri: '/n3', title: 'energy', notebookId: 2 },
      ]);
    });

    it('reads only readable notebooks', async () => {
      expect(await ids('energy', { readableNotebooks: [2] })).toEqual(['/n3']);
      expect(await ids('energy', { readableNotebooks: [1] })).toEqual(['/n2', '/n1']);
      expect(await ids('energy', { readableNotebooks: [] })).toEqual([]);
    });

    it('treats %, _, ! and quotes as plain text', async () => {
      expect(await ids('100%')).toEqual(['/n6']);
      expect(await ids('%')).toEqual([]);
      expect(await ids('a_b')).toEqual(['/n8']);
      expect(await ids('_')).toEqual([]);
      expect(await ids('!')).toEqual(['/n10']);
      expect(await ids('x!')).toEqual(['/n11']);
      expect(await ids("O'Brien \\")).toEqual(['/n12']);
    });
  });
}
