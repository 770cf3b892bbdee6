import type { LinkCandidate } from './link-candidate.js';
import { linkTargetsOf } from './link-targets-of.js';
import { resolveLink } from './resolve-link.js';
import { titleKeyOf } from './title-key-of.js';

/**
 * Whether `details`, written in a note of notebook `linkingNotebookId`, link to `note` (spec section
 * 10: "L's details link to N", which makes L a `LinkingNote` of N). Only a link whose target is
 * the key of `note`'s title can resolve to it, and it does when `note` is the one that target
 * resolves to from the linking note's notebook. `candidates` are the visible notes, or any part
 * that holds every one whose title matches `note`'s, `note` among them.
 *
 * So the details of every note that links to `note` hold `titleKeyOf(note.title)`, ASCII letters
 * in either case, after `[[` and any spaces: a store may find the linking notes by a search in
 * SQL that keeps every such note (case-insensitive, lowered on both sides by the database), then
 * check each with this function, without reading the whole table.
 */
export function linksTo(details: string | undefined, linkingNotebookId: number, note: LinkCandidate, candidates: Iterable<LinkCandidate>): boolean {
  const key = titleKeyOf(note.title);
  if (!linkTargetsOf(details).includes(key)) return false;
  return resolveLink(key, linkingNotebookId, candidates)?.id === note.id;
}
