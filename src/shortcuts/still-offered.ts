import type { NoteRecord } from '../model/note-record.js';
import type { OfferOrder } from './offer-orders.js';

/** The notes of `reached` that a list relation will still offer, after `lastOffered`, in its order. */
export function stillOffered(order: OfferOrder, lastOffered: NoteRecord | undefined, reached: Iterable<NoteRecord>): NoteRecord[] {
  return [...reached]
    .filter((note) => order.offers(note) && (lastOffered === undefined || order.compare(lastOffered, note) < 0))
    .sort((a, b) => order.compare(a, b));
}
