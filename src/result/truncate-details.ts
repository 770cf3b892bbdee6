import { takeCodePoints } from '../model/take-code-points.js';

/** Cuts details to `limit` code points and marks the cut with `...` (spec section 2). */
export function truncateDetails(details: string, limit: number): string {
  const { head, cut } = takeCodePoints(details, limit);
  return cut ? `${head}...` : head;
}
