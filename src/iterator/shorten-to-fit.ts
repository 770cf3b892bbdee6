import type { NoteRecord } from '../model/note-record.js';

/**
 * Spec section 9, `fit: shorten`: the longest cut (code points kept) the binary search finds whose cost `priceOf` fits
 * in `remaining`, with that cost; undefined when none does or the note shows fewer than 2 code points of details.
 */
export function shortenToFit(note: NoteRecord, detailsLimit: number, remaining: number, priceOf: (cut: number) => number) {
  // The code points the note shows (a surrogate pair is one, a lone surrogate one).
  let shown = 0;
  for (const _ of note.details ?? '') if (++shown > detailsLimit) break;
  let lo = 1;
  let hi = Math.min(shown, detailsLimit) - 1;
  let best: { readonly cut: number; readonly cost: number } | undefined;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const cost = priceOf(mid);
    if (cost <= remaining) {
      best = { cut: mid, cost };
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}
