import type { LinkCandidate } from './link-candidate.js';
import { resolveLink } from './resolve-link.js';
import { titleKeyOf } from './title-key-of.js';

/**
 * The notes among `linking` whose details link to `note` (spec section 10, `LinkingNote`), in the
 * order given: each has a link whose target is the key of `note`'s title (`targetsOf` gives a
 * note's targets, as `linkTargetsOf` finds them), written in a notebook where that key resolves
 * to `note` among `namesakes` (the visible notes whose title may match, `note` among them). Where
 * a key resolves depends on the linking note's notebook only, so it is resolved once for each.
 */
export function linkingNotesOf<C extends LinkCandidate>(
  note: LinkCandidate, namesakes: readonly LinkCandidate[], linking: Iterable<C>, targetsOf: (candidate: C) => readonly string[],
): C[] {
  const key = titleKeyOf(note.title);
  const resolvesHere = new Map<number, boolean>();
  const found: C[] = [];
  for (const candidate of linking) {
    if (!targetsOf(candidate).includes(key)) continue;
    let here = resolvesHere.get(candidate.notebookId);
    if (here === undefined) {
      here = resolveLink(key, candidate.notebookId, namesakes)?.id === note.id;
      resolvesHere.set(candidate.notebookId, here);
    }
    if (here) found.push(candidate);
  }
  return found;
}
