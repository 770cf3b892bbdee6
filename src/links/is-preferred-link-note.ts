import type { LinkCandidate } from './link-candidate.js';

/**
 * Whether `a` is preferred to `b` as the note a link resolves to, both having a title that matches
 * the link's target (spec section 10): a note in the linking note's notebook comes before any note
 * in another notebook, then the smaller id wins. The preference is a total order on distinct ids,
 * so keeping the preferred of each pair finds the one note the link resolves to.
 */
export function isPreferredLinkNote(a: LinkCandidate, b: LinkCandidate, linkingNotebookId: number): boolean {
  const aAtHome = a.notebookId === linkingNotebookId;
  const bAtHome = b.notebookId === linkingNotebookId;
  if (aAtHome !== bAtHome) return aAtHome;
  return a.id < b.id;
}
