import DataLoader from 'dataloader';
import type { NoteId, NoteRecord, SiblingKey } from '../model/note-record.js';
import type { NoteReader, PassOver, ReadRequest } from '../store/note-store.js';

/**
 * The core's view of a reader: one request at a time for the strategies, one batch per tick for
 * the store. Every request issued before the build next waits on the store goes out together, so
 * cursors that ask for their first page as soon as they exist cost no extra round trip.
 */
export class NoteLoader {
  private readonly loader: DataLoader<ReadRequest, readonly NoteRecord[], string>;

  constructor(reader: NoteReader) {
    this.loader = new DataLoader((requests) => reader.read(requests), {
      // A page read earlier serves a later request for the same page whatever their `passOver`:
      // what it left out could not fit then, so it cannot fit later (the budget only shrinks),
      // and what it shows is priced as usual. Anchors with the same neighbours share pages so.
      cacheKeyFn: (request) => JSON.stringify({ ...request, passOver: undefined }),
    });
  }

  note(id: NoteId, full = false): Promise<NoteRecord | undefined> {
    return prefetched(this.loader.load({ kind: 'note', id, full }).then((found) => found[0]));
  }

  ancestors(id: NoteId): Promise<readonly NoteRecord[]> {
    return prefetched(this.loader.load({ kind: 'ancestors', id }));
  }

  children(parentId: NoteId, direction: 'asc' | 'desc', after: SiblingKey | undefined, limit: number, passOver?: PassOver) {
    return this.load({
      kind: 'children',
      parentId,
      direction,
      ...(after && { after: { siblingOrder: after.siblingOrder, id: after.id } }),
      limit,
      ...(passOver && { passOver }),
    });
  }

  referrings(objectId: NoteId, afterId: NoteId | undefined, limit: number, passOver?: PassOver) {
    return this.load({ kind: 'referrings', objectId, ...(afterId !== undefined && { afterId }), limit, ...(passOver && { passOver }) });
  }

  private load(request: ReadRequest): Promise<readonly NoteRecord[]> {
    return prefetched(this.loader.load(request));
  }
}

/**
 * Reads are asked for ahead of need, and a build that ends early never awaits some of them. Such
 * a read failing (say, after the reader closed) is no error of the build; one that is awaited
 * still rejects where it is awaited.
 */
function prefetched<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
