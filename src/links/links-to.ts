import type { LinkCandidate } from './link-candidate.js';
import { linkTargetsOf } from './link-targets.js';
import { resolveLink } from './resolve-link.js';
import { titleKeyOf } from './title-key.js';

/**
 * Whether `details`, written in a note of notebook `linkingNotebookId`, link to `note` (spec section
 * 10: "L's details link to N", which makes L a `LinkingNote` of N). Only a link whose target is
 * the key of `note`'s title can resolve to it, and it does when `note` is the one that target
 * resolves to from the linking note's notebook. `candidates` are the visible notes, or any part
 * that holds every one whose title matches `note`'s, `note` among them.
 */
export function linksTo(details: string | undefined, linkingNotebookId: number, note: LinkCandidate, candidates: Iterable<LinkCandidate>): boolean {
  const key = titleKeyOf(note.title);
  if (!linkTargetsOf(details).includes(key)) return false;
  return resolveLink(key, linkingNotebookId, candidates)?.id === note.id;
}
