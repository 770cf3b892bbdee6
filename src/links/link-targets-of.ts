import { titleKeyOf } from './title-key-of.js';

/** A link in a note's details (spec section 10); `matchAll` works on a copy, so one expression serves every call. */
const LINK = /\[\[([^\[\]\r\n]+)\]\]/g;

/**
 * The distinct targets of the links in `details`, as keys (`titleKeyOf`), in the order of the first
 * link to each (spec section 10). Links are matched over all of the details (not only what a
 * related note shows), left to right without overlap. A target is the text before the first `|`
 * (what follows is a label), trimmed; an empty target is no link. `[[Energy]]` and
 * `[[ energy | the label]]` are one target, `energy`.
 *
 * A store may narrow its search of the titles in SQL by any comparison that keeps every match
 * (trimmed and lower-cased by the database on both sides, say), then keep the notes whose
 * `titleKeyOf(title)` is a target.
 */
export function linkTargetsOf(details: string | undefined): string[] {
  if (details === undefined || !details.includes('[[')) return [];
  const targets = new Set<string>();
  for (const match of details.matchAll(LINK)) {
    const text = match[1]!;
    const bar = text.indexOf('|');
    const target = titleKeyOf(bar < 0 ? text : text.slice(0, bar));
    if (target !== '') targets.add(target);
  }
  return [...targets];
}
