import DataLoader from 'dataloader';
import type { NoteId, NoteRecord } from '../model/note-record.js';
import type { NoteReader, ReadRequest } from '../store/note-store.js';
import type { ExtendedReadRequest } from '../store/extended-read-request.js';
import { requestKey } from '../store/request-key.js';
import type { Load } from './page-reading.js';

/**
 * The core's view of a reader: one request at a time for the strategies, batches for the store.
 * A reader that answers at once (`NoteReader.readNow`, a store in memory) is read directly: it has
 * no round trips to save. Otherwise requests go through DataLoader, its cache keyed by
 * `requestKey` (a request asked for twice is read once), and a batch goes out once the walk waits,
 * with everything asked for since the last. The walk only ever waits on a batch it sent (or, when
 * {@link quiet}, on the event loop), so every batch holds the same requests whatever the store's
 * latency or the machine's load. DataLoader answers a cached request only with its next batch, so
 * the cache is read first.
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

  /**
   * Whether no request is waiting to go out and none is out: the walk may then let the event
   * loop run without changing what the next batch holds. A reader that answers at once is
   * always quiet.
   */
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
    // An extended request is only asked of a reader that takes it.
    const read = reader.readExtended ? reader.readExtended.bind(reader) : (requests: readonly ExtendedReadRequest[]) => reader.read(requests.map(required));
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

/** A request of the required port: the loader asks a reader without `readExtended` for nothing else. */
function required(request: ExtendedReadRequest): ReadRequest {
  if (request.kind === 'siblings' || ('filter' in request && request.filter)) throw new Error(`the reader takes no ${request.kind === 'siblings' ? 'siblings' : 'size-filtered'} pages`);
  return request;
}
