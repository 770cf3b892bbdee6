import DataLoader from 'dataloader';
import type { NoteId, NoteRecord } from '../model/note-record.js';
import type { NoteReader } from '../store/note-store.js';
import { requestKey, type ExtendedReadRequest } from '../store/read-request.js';
import type { Load } from './page-reading.js';

/**
 * The core's view of a reader: one request at a time for the strategies, batches for the store. A reader that answers at
 * once (`NoteReader.readNow`) is read directly. Otherwise a batch (DataLoader, cached by `requestKey`) goes out once the
 * walk waits, and the walk only waits on a batch it sent (or, when {@link quiet}, the event loop), so batches hold the
 * same requests whatever the latency. DataLoader answers a cached request only with its next batch: the cache is read first.
 */
export class NoteLoader {
  /** Reads one request: at once, or with the others asked for before the walk waits. */
  readonly read: Load;
  /** Whether the reader takes siblings pages and size-filtered pages (`NoteReader.readExtended`). */
  readonly readsExtended: boolean;
  /** Whether the reader answers each request at once (`NoteReader.readNow`). */
  readonly answersAtOnce: boolean;
  /** Requests asked for and not yet sent. */
  private waiting = 0;
  /** Batches sent and not yet answered. */
  private out = 0;

  constructor(reader: NoteReader) {
    this.readsExtended = reader.readExtended !== undefined;
    const readNow = reader.readNow?.bind(reader);
    this.answersAtOnce = readNow !== undefined;
    this.read = readNow ? async (request) => readNow(request) : this.batched(reader);
  }

  /** Whether no request is waiting to go out and none is out: letting the event loop run then changes no batch. */
  get quiet(): boolean {
    return this.waiting === 0 && this.out === 0;
  }

  async note(id: NoteId, full = false): Promise<NoteRecord | undefined> {
    return (await this.read({ kind: 'note', id, full }))[0];
  }

  /** The visible ancestors of `id`, in any order (see `AncestorsRequest`). */
  ancestors(id: NoteId): Promise<readonly NoteRecord[]> {
    return this.read({ kind: 'ancestors', id });
  }

  private batched(reader: NoteReader): Load {
    // A reader without `readExtended` is asked for nothing else than the required port's requests.
    const read = reader.readExtended
      ? reader.readExtended.bind(reader)
      : (requests: readonly ExtendedReadRequest[]) => reader.read(requests.map((request) => {
          if (request.kind !== 'siblings' && !('filter' in request && request.filter)) return request;
          throw new Error(`the reader takes no ${request.kind === 'siblings' ? 'siblings' : 'size-filtered'} pages`);
        }));
    const send = (requests: readonly ExtendedReadRequest[]) => {
      this.waiting -= requests.length;
      this.out++;
      return read(requests).finally(() => this.out--);
    };
    const cache = new Map<string, Promise<readonly NoteRecord[]>>();
    const loader = new DataLoader(send, { cacheKeyFn: requestKey, cacheMap: cache });
    return (request) => {
      const cached = cache.get(requestKey(request));
      if (cached) return cached;
      this.waiting++;
      return loader.load(request);
    };
  }
}
