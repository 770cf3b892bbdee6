export type NoteId = number;

/** Enough of a note to write a markdown link to it. */
export interface NoteLink {
  readonly id: NoteId;
  readonly title: string;
}

/**
 * A visible note as a store hands it to the core. Links are resolved by the store under the
 * build's visibility rules: `parent` and `object` are present only when the linked note is
 * visible, so the core never has to know why a link is missing (spec section 1).
 */
export interface NoteRecord extends NoteLink {
  /** Absent when empty. Related-note reads may cut it to `detailsLimit + 1` code points. */
  readonly details?: string;
  readonly parent?: NoteLink;
  readonly object?: NoteLink;
  readonly siblingOrder: SiblingOrder;
  readonly notebookId: number;
}

/**
 * A note's place among its siblings. A database column may hold what a JavaScript number cannot
 * (a BIGINT beyond ±(2^53 − 1): then a `bigint`, exact) or nothing (`null`).
 */
export type SiblingOrder = number | bigint | null;

/**
 * Position of a note among its siblings: by `siblingOrder`, a null one before every number, then
 * by `id`. Every store orders so (in SQL: `NULL` first when ascending, as MySQL and MariaDB do).
 */
export interface SiblingKey {
  readonly siblingOrder: SiblingOrder;
  readonly id: NoteId;
}

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
