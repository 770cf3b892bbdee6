import { compareSiblingKeys, type NoteRecord } from '../model/note-record.js';
import type { FOCUS_LISTS } from '../relationships/focus-lists.js';

/** A relation that grows a focus list. */
export type ListRelation = keyof typeof FOCUS_LISTS;

/** Where a note stands among the candidates a relation offers (spec section 3, second table). */
export interface OfferOrder {
  /** Whether the relation offers `note` at some point. */
  offers(note: NoteRecord): boolean;
  /** Negative when `a` is offered before `b`. */
  compare(a: NoteRecord, b: NoteRecord): number;
}

/** The offer orders of the relations with a focus list, around `focus` and its parent record. */
export function offerOrders(focus: NoteRecord, parent: NoteRecord | undefined): Record<ListRelation, OfferOrder> {
  const isSibling = (note: NoteRecord) => parent !== undefined && note.parent?.id === parent.id;
  return {
    Child: { offers: (note) => note.parent?.id === focus.id, compare: compareSiblingKeys },
    PriorSibling: {
      offers: (note) => isSibling(note) && compareSiblingKeys(note, focus) < 0,
      compare: (a, b) => compareSiblingKeys(b, a),
    },
    YoungerSibling: { offers: (note) => isSibling(note) && compareSiblingKeys(note, focus) > 0, compare: compareSiblingKeys },
    ReferringNote: { offers: (note) => note.object?.id === focus.id, compare: (a, b) => a.id - b.id },
  };
}
