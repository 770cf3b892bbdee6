import type { LinkCandidate } from './link-candidate.js';
import { titleKeyOf } from './title-key-of.js';

/**
 * The note a link with this target (as written or its key) resolves to (spec section 10): among the
 * candidates whose title matches it, the preferred (see {@link resolveLinks}); undefined, and so no
 * link, when none matches. `candidates` are the visible notes (spec section 1), or any part that
 * holds every note whose title matches.
 */
export function resolveLink<C extends LinkCandidate>(target: string, linkingNotebookId: number, candidates: Iterable<C>): C | undefined {
  const key = titleKeyOf(target);
  return key === '' ? undefined : resolveLinks([key], linkingNotebookId, candidates).get(key);
}

/**
 * The note each of `keys` (not empty) resolves to, if any, each candidate's title keyed once: of those whose title has
 * the key, the preferred is in the linking note's notebook first, then has the smaller id. A total order on distinct
 * ids, so keeping the preferred of each pair finds the one note a link resolves to.
 */
export function resolveLinks<C extends LinkCandidate>(keys: readonly string[], linkingNotebookId: number, candidates: Iterable<C>): Map<string, C> {
  const wanted = new Set(keys);
  const chosen = new Map<string, C>();
  for (const candidate of candidates) {
    const key = titleKeyOf(candidate.title);
    if (!wanted.has(key)) continue;
    const held = chosen.get(key);
    const atHome = candidate.notebookId === linkingNotebookId;
    if (held === undefined || (atHome !== (held.notebookId === linkingNotebookId) ? atHome : candidate.id < held.id)) chosen.set(key, candidate);
  }
  return chosen;
}
