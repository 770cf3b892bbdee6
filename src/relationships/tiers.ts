import type { RelatedRelation } from './relation.js';

export interface Tier {
  readonly tier: 1 | 2 | 3 | 4;
  /** How many notes the tier may add per turn: `5 − tier`. */
  readonly quota: number;
  /** The tier's relations in rotation order. */
  readonly relations: readonly RelatedRelation[];
}

/** Spec section 3, first table, with the link relations in their places (section 10): tiers, their quotas and their rotation order. */
export const TIERS: readonly Tier[] = [
  { tier: 1, quota: 4, relations: ['Parent', 'Object', 'LinkedNote'] },
  {
    tier: 2,
    quota: 3,
    relations: ['Child', 'PriorSibling', 'YoungerSibling', 'ReferringNote', 'NoteInContextualPath', 'NoteInObjectContextualPath', 'LinkingNote'],
  },
  { tier: 3, quota: 2, relations: ['ParentSibling', 'ObjectParentSibling', 'ReifiedChildObject', 'ReferringSubject', 'LinkedNoteLink'] },
  { tier: 4, quota: 1, relations: ['ParentSiblingChild', 'ObjectParentSiblingChild', 'NoteInReferringContextualPath', 'ReferringCousin'] },
];
