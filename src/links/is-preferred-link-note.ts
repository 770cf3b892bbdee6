import type { LinkCandidate } from './link-candidate.js';

/**
 * Whether `a` is preferred to `b` as the note a link resolves to, both matching its target (spec
 * section 10): a note in the linking note's notebook first, then the smaller id. A total order on
 * distinct ids, so keeping the preferred of each pair finds the one note the link resolves to.
 */
export function isPreferredLinkNote(a: LinkCandidate, b: LinkCandidate, linkingNotebookId: number): boolean {
  const aAtHome = a.notebookId === linkingNotebookId;
  return aAtHome !== (b.notebookId === linkingNotebookId) ? aAtHome : a.id < b.id;
}
