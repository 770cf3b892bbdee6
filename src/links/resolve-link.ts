import { isPreferredLinkNote } from './is-preferred-link-note.js';
import type { LinkCandidate } from './link-candidate.js';
import { titleKeyOf } from './title-key-of.js';

/**
 * The note a link with this target resolves to (spec section 10), or undefined when it matches no
 * candidate (then it counts as no link). Among the candidates whose title matches the target (equal
 * once both are keyed by `titleKeyOf`), the one with the smallest id in the linking note's notebook
 * if there is any, otherwise the one with the smallest id in any notebook. `candidates` are the
 * visible notes (spec section 1), all of them or any part that holds every note whose title
 * matches; the others are passed over. `target` may be a link's target as written or its key.
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
