import { isPreferredLinkNote } from './is-preferred-link-note.js';
import type { LinkCandidate } from './link-candidate.js';
import { titleKeyOf } from './title-key-of.js';

/**
 * The note a link with this target (as written or its key) resolves to (spec section 10): among the
 * candidates whose title matches it, the preferred (`isPreferredLinkNote`); undefined, and so no
 * link, when none matches. `candidates` are the visible notes (spec section 1), or any part that
 * holds every note whose title matches.
 */
export function resolveLink<C extends LinkCandidate>(target: string, linkingNotebookId: number, candidates: Iterable<C>): C | undefined {
  const key = titleKeyOf(target);
  if (key === '') return undefined;
  let chosen: C | undefined;
  for (const candidate of candidates) {
    if (titleKeyOf(candidate.title) !== key) continue;
    if (chosen === undefined || isPreferredLinkNote(candidate, chosen, linkingNotebookId)) chosen = candidate;
  }
  return chosen;
}
