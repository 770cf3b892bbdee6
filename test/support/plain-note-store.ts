import { compareSiblingKeys, type NoteId, type NoteRecord, type SiblingKey } from '../../src/model/note-record.js';
import { linkedNotesOf } from '../../src/links/linked-notes-of.js';
import { linksTo } from './links-to.js';
import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';
import type { NoteReader, NoteStore, ReadRequest, ReadScope } from '../../src/store/note-store.js';

/**
 * A store written against the required port only, as a host would write one for its own
 * database: notes by id, ancestors, and pages of children and of referring notes, read by plain
 * scans of the fixture. It has neither optional method (`readExtended`, `readNow`), so the core
 * reads it the plainest way (batched, with no filtered pages, no `siblings` requests and no answer
 * at once); the shared suites run over it to show that those methods change nothing.
 */
export class PlainNoteStore implements NoteStore {
  private readonly byId: ReadonlyMap<NoteId, NoteData>;

  constructor(private readonly fixture: Fixture) {
    this.byId = new Map(fixture.notes.map((note) => [note.id, note]));
  }

  async openReader(scope: ReadScope, signal?: AbortSignal): Promise<NoteReader> {
    signal?.throwIfAborted();
    const visible = (id: NoteId | undefined): NoteData | undefined => {
      const note = id === undefined ? undefined : this.byId.get(id);
      if (!note || note.deletedAt !== undefined) return undefined;
      return !scope.readableNotebooks || scope.readableNotebooks.has(note.notebookId) ? note : undefined;
    };
    const link = (id: NoteId | undefined) => {
      const note = visible(id);
      return note && { id: note.id, title: note.title };
    };
    const record = (note: NoteData): NoteRecord => {
      const parent = link(note.parentId);
      const object = link(note.objectId);
      return {
        id: note.id,
        title: note.title,
        ...(note.details && { details: note.details }),
        ...(parent && { parent }),
        ...(object && { object }),
        siblingOrder: note.siblingOrder,
        notebookId: note.notebookId,
      };
    };
    const all = () => this.fixture.notes.filter((note) => visible(note.id) !== undefined);
    const ancestors = (id: NoteId): NoteRecord[] => {
      const found: NoteRecord[] = [];
      const seen = new Set<NoteId>([id]);
      for (let note = visible(visible(id)?.parentId); note && !seen.has(note.id); note = visible(note.parentId)) {
        seen.add(note.id);
        found.push(record(note));
      }
      return found;
    };
    const children = (parentId: NoteId, direction: 'asc' | 'desc', after: SiblingKey | undefined, limit: number) => {
      const sign = direction === 'asc' ? 1 : -1;
      return all()
        .filter((note) => note.parentId === parentId && visible(parentId) && (!after || sign * compareSiblingKeys(note, after) > 0))
        .sort((a, b) => sign * compareSiblingKeys(a, b))
        .slice(0, limit)
        .map(record);
    };
    const referrings = (objectId: NoteId, afterId: NoteId | undefined, limit: number) =>
      all()
        .filter((note) => note.objectId === objectId && visible(objectId) && (afterId === undefined || note.id > afterId))
        .sort((a, b) => a.id - b.id)
        .slice(0, limit)
        .map(record);
    const answer = (request: ReadRequest): NoteRecord[] => {
      switch (request.kind) {
        case 'note': {
          const note = visible(request.id);
          return note ? [record(note)] : [];
        }
        case 'ancestors':
          return ancestors(request.id);
        case 'children':
          return children(request.parentId, request.direction, request.after, request.limit);
        case 'referrings':
          return referrings(request.objectId, request.afterId, request.limit);
        case 'linked': {
          const note = visible(request.id);
          return note ? linkedNotesOf(note.details, note.notebookId, all()).map(record) : [];
        }
        case 'linking': {
          const note = visible(request.id);
          if (!note) return [];
          const candidates = all();
          return candidates.filter((other) => linksTo(other.details, other.notebookId, note, candidates)).sort((a, b) => a.id - b.id).map(record);
        }
      }
    };
    let closed = false;
    let roundTrips = 0;
    return {
      read: async (requests) => {
        signal?.throwIfAborted();
        if (closed) throw new Error('read after close');
        roundTrips++;
        return requests.map(answer);
      },
      get roundTrips() {
        return roundTrips;
      },
      close: async () => {
        closed = true;
      },
    };
  }
}
