import type { GraphRAGResult } from './schema.js';

/** The compact JSON of a result: the text the budget guarantee is measured on. */
export function renderJson(result: GraphRAGResult): string {
  return JSON.stringify(result);
}

/** The text a related note adds to the compact JSON, with the comma that separates it. */
export function jsonNotePiece(note: object): string {
  return `,${JSON.stringify(note)}`;
}

/** The text a focus-list entry adds to the compact JSON, with its separating comma. */
export function jsonEntryPiece(uriAndTitle: string): string {
  return `,${JSON.stringify(uriAndTitle)}`;
}
