import { LRUCache } from 'lru-cache';
import { compareSiblingKeys, type NoteId } from '../../model/note-record.js';
import type { NoteReader, NoteStore, ReadScope } from '../note-store.js';
import type { FindNotesOptions, FoundNote, NoteFinder } from '../note-finder.js';
import { uriOf } from '../../model/uri-of.js';
import type { Fixture, NoteData } from './fixture.js';
import { MemoryNoteReader, type MemoryIndex } from './memory-note-reader.js';
import { LinkIndex } from './link-index.js';
import { ShownSizeCache } from './shown-size-cache.js';
import { UnscopedCache } from './unscoped-cache.js';
import { getOrMake } from '../get-or-make.js';

/** Details limits whose records are kept at once: callers use one or two, and each may grow to the notebook's size. */
const MOST_CACHED_LIMITS = 4;

/** The embedded store: a fixture in memory, indexed by parent and by object, so a page costs a binary search, not a scan. */
export class MemoryNoteStore implements NoteStore, NoteFinder {
  private readonly index: MemoryIndex;
  /** Per details limit, what readers that see every notebook made of the notes. */
  private readonly unscoped = new LRUCache<number, UnscopedCache>({ max: MOST_CACHED_LIMITS, memoMethod: () => new UnscopedCache() });

  constructor(fixture: Fixture) {
    const byId = new Map<NoteId, NoteData>(fixture.notes.map((note) => [note.id, note]));
    const childrenOf = new Map<NoteId, NoteData[]>();
    const referringsOf = new Map<NoteId, NoteData[]>();
    for (const note of fixture.notes) {
      if (note.parentId !== undefined) getOrMake(childrenOf, note.parentId, () => []).push(note);
      if (note.objectId !== undefined) getOrMake(referringsOf, note.objectId, () => []).push(note);
    }
    for (const list of childrenOf.values()) list.sort(compareSiblingKeys);
    for (const list of referringsOf.values()) list.sort((a, b) => a.id - b.id);
    let links: LinkIndex | undefined;
    this.index = { byId, childrenOf, referringsOf, sizes: new ShownSizeCache(), links: () => (links ??= new LinkIndex(byId.values())) };
  }

  /** Reads are synchronous, so an aborted `signal` is noticed when opening and at each read. */
  async openReader(scope: ReadScope, signal?: AbortSignal): Promise<NoteReader> {
    signal?.throwIfAborted();
    return new MemoryNoteReader(this.index, scope.readableNotebooks === undefined ? this.unscoped.memo(scope.detailsLimit) : undefined, scope, signal);
  }

  /** A scan, fine at fixture sizes; lower-cased, so it ignores case, not accents. */
  async findNotes(query: string, { limit, readableNotebooks }: FindNotesOptions): Promise<readonly FoundNote[]> {
    const prefix = query.toLowerCase();
    return [...this.index.byId.values()]
      .filter((note) => note.deletedAt === undefined && (!readableNotebooks || readableNotebooks.has(note.notebookId)))
      .filter((note) => note.title.toLowerCase().startsWith(prefix))
      .map((note) => ({ note, length: [...note.title].length }))
      .sort((a, b) => a.length - b.length || a.note.id - b.note.id)
      .slice(0, limit)
      .map(({ note }) => ({ uri: uriOf(note.id), title: note.title, notebookId: note.notebookId }));
  }
}
