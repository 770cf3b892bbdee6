import type { NoteRecord } from '../model/note-record.js';
import { takeCodePoints } from '../model/take-code-points.js';

/**
 * Spec section 9, `fit: shorten`: the longest cut (code points kept) the binary search finds whose cost `priceOf` fits
 * in `remaining`, with that cost; undefined when none does or the note shows fewer than 2 code points of details.
 */
export function shortenToFit(note: NoteRecord, detailsLimit: number, remaining: number, priceOf: (cut: number) => number) {
  let lo = 1;
  // The code points the note shows (a surrogate pair is one, a lone surrogate one), but one.
  let hi = [...takeCodePoints(note.details ?? '', detailsLimit).head].length - 1;
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
