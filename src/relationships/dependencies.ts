import type { RelatedRelation } from './relation.js';

/**
 * Spec section 3, "fed by": every note reached through the key relation becomes an anchor
 * of each listed relation. Relations absent from the values are fed at the start.
 */
export const DEPENDENTS: Readonly<Partial<Record<RelatedRelation, readonly RelatedRelation[]>>> = {
  Child: ['ReifiedChildObject'],
  ReferringNote: ['ReferringSubject', 'NoteInReferringContextualPath', 'ReferringCousin'],
  ParentSibling: ['ParentSiblingChild'],
  ObjectParentSibling: ['ObjectParentSiblingChild'],
};

/** Relations whose candidates come from anchors rather than from the focus note. */
export const ANCHOR_FED: ReadonlySet<RelatedRelation> = new Set(
  Object.values(DEPENDENTS).flat(),
);
