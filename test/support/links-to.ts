import type { LinkCandidate } from '../../src/links/link-candidate.js';
import { linkTargetsOf } from '../../src/links/link-targets-of.js';
import { resolveLink } from '../../src/links/resolve-link.js';
import { titleKeyOf } from '../../src/links/title-key-of.js';

/**
 * Whether `details`, written in a note of notebook `linkingNotebookId`, link to `note` (spec section
 * 10: "L's details link to N", which makes L a `LinkingNote` of N): a link whose target is the key
 * of `note`'s title resolves to it from that notebook. `candidates` are the visible notes, or any
 * part that holds every one whose title matches `note`'s, `note` among them. A store may find the
 * linking notes by a case-insensitive search in SQL for that key after `[[`, then check each with this.
 */
export function linksTo(details: string | undefined, linkingNotebookId: number, note: LinkCandidate, candidates: Iterable<LinkCandidate>): boolean {
  const key = titleKeyOf(note.title);
  if (!linkTargetsOf(details).includes(key)) return false;
  return resolveLink(key, linkingNotebookId, candidates)?.id === note.id;
}
