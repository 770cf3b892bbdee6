import type { NoteRecord } from '../model/note-record.js';
import { dependentsOf, type AnchoredRelation } from '../relationships/dependents.js';
import type { RelatedRelation } from '../relationships/relation.js';
import type { AnchorCandidates } from '../strategies/create-strategies.js';
import type { Shortcut, WalkState } from './shortcut.js';
import { isUnread } from './step-over.js';

/**
 * Notes of a feeding relation whose dependents' first reads start before they are fed. On a generated 20k-note notebook,
 * budget 2,000: 8 let a few builds need 11 round trips; all made statements of ~65 children pages; 32 keeps both in check.
 */
const WARMED_PER_FEEDER = 32;

/**
 * Warming dependents, for a reader with round trips to save: the first notes of a feeding relation's pages make what
 * they would offer their dependents (whose first reads `readAhead` starts), so those ride in an early batch; what anchors
 * offer is left unchanged.
 */
export function warmDependents({ focus, answersAtOnce }: WalkState): Shortcut {
  if (answersAtOnce) return {};
  let offered: AnchorCandidates | undefined;
  const warmed = new Map<RelatedRelation, number>();
  const warm = (feeder: RelatedRelation, dependents: readonly AnchoredRelation[], records: readonly NoteRecord[]) => {
    const done = warmed.get(feeder) ?? 0;
    const ahead = records.filter((note) => note.id !== focus.id && !isUnread(note)).slice(0, Math.max(0, WARMED_PER_FEEDER - done));
    warmed.set(feeder, done + ahead.length);
    for (const note of ahead) for (const dependent of dependents) offered?.(dependent, note);
  };
  return {
    anchors: (inner) => (offered = inner),
    reading: (inner) => (pages, relation) => {
      const dependents = dependentsOf(relation);
      if (dependents.length === 0) return inner(pages, relation);
      const seen = () => pages.nextPage().then((records) => (warm(relation, dependents, records), records));
      return inner({ nextPage: seen }, relation);
    },
  };
}
