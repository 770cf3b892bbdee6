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
  readonly siblingOrder: number;
  readonly notebookId: number;
}

/** Position of a note among its siblings: by `siblingOrder`, then `id`. */
export interface SiblingKey {
  readonly siblingOrder: number;
  readonly id: NoteId;
}

export function compareSiblingKeys(a: SiblingKey, b: SiblingKey): number {
  if (a.siblingOrder !== b.siblingOrder) return a.siblingOrder < b.siblingOrder ? -1 : 1;
  return a.id - b.id;
}
