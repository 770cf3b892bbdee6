import type { LinkCandidate } from './link-candidate.js';
import { linkTargetsOf } from './link-targets-of.js';
import { resolveLinks } from './resolve-link.js';

/**
 * The notes `details` link to, each once, in the order of the first link to each (spec section 10:
 * the candidates of `LinkedNote` and `LinkedNoteLink`). Every link resolves as `resolveLink` says,
 * from the linking note's notebook; a link that matches no candidate counts as no link. Two
 * distinct targets never resolve to one note, since a title has one key.
 *
 * `candidates` are the visible notes (spec section 1), or any part that holds every note whose
 * title matches a target.
 */
export function linkedNotesOf<C extends LinkCandidate>(details: string | undefined, linkingNotebookId: number, candidates: Iterable<C>): C[] {
  const targets = linkTargetsOf(details);
  if (targets.length === 0) return [];
  const chosen = resolveLinks(targets, linkingNotebookId, candidates);
  return targets.flatMap((target) => chosen.get(target) ?? []);
}
