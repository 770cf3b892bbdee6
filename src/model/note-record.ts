export type NoteId = number;

/** Enough of a note to write a markdown link to it. */
export interface NoteLink {
  readonly id: NoteId;
  readonly title: string;
}

/** A visible note as a store hands it to the core: `parent` and `object` only when visible, whatever hid them (spec 1). */
export interface NoteRecord extends NoteLink {
  /** Absent when empty. Related-note reads may cut it to `detailsLimit + 1` code points. */
  readonly details?: string;
  readonly parent?: NoteLink;
  readonly object?: NoteLink;
  readonly siblingOrder: SiblingOrder;
  readonly notebookId: number;
}

/** A note's place among its siblings: a `bigint` for a BIGINT beyond ±(2^53 − 1), `null` for none. */
export type SiblingOrder = number | bigint | null;

/** Position among siblings: by `siblingOrder`, null first (as MySQL and MariaDB sort), then by `id`; every store orders so. */
export type SiblingKey = Pick<NoteRecord, 'siblingOrder' | 'id'>;

export function compareSiblingKeys(a: SiblingKey, b: SiblingKey): number {
  const x = a.siblingOrder;
  const y = b.siblingOrder;
  if (x === null || y === null) {
    if (x !== y) return x === null ? -1 : 1;
  } else if (x < y) return -1;
  else if (x > y) return 1;
  // Equal, whether as numbers, bigints or one of each.
  return a.id - b.id;
}
