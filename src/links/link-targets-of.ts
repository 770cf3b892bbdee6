import { titleKeyOf } from './title-key-of.js';

/**
 * A link in a note's details (spec section 10): `[[`, then one or more characters that are none of
 * `[`, `]`, CR and LF, then `]]`. Only ever used through `matchAll`, which works on a copy, so the
 * one compiled expression serves every call.
 */
const LINK = /\[\[([^\[\]\r\n]+)\]\]/g;

/**
 * The distinct targets of the links in `details`, as keys (`titleKeyOf`), in the order of the first
 * link to each (spec section 10). The links are the matches of `\[\[([^\[\]\r\n]+)\]\]` over all
 * of the details (not only what a related note shows after truncation; inside code or not), found
 * left to right without overlap. A match's target is the text before its first `|` (the whole text
 * when there is none; what follows is a label, ignored) with spaces (U+0020) removed from both
 * ends; an empty target is no link. `[[Energy]]` and `[[ energy | the label]]` are one target,
 * `energy`.
 *
 * A store looks the targets up among the titles. It may narrow that search in SQL by any
 * comparison that keeps every match — the title with its spaces trimmed, lower-cased by the
 * database on both sides of the comparison, say — and then keep the notes whose
 * `titleKeyOf(title)` is a target. Linear in the length of the details.
 */
export function linkTargetsOf(details: string | undefined): string[] {
  if (details === undefined || !details.includes('[[')) return [];
  const seen = new Set<string>();
  const targets: string[] = [];
  for (const match of details.matchAll(LINK)) {
    const text = match[1]!;
    const bar = text.indexOf('|');
    const target = titleKeyOf(bar < 0 ? text : text.slice(0, bar));
    if (target === '' || seen.has(target)) continue;
    seen.add(target);
    targets.push(target);
  }
  return targets;
}
