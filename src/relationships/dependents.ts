import { RELATED_RELATIONS, type RelatedRelation } from './relation.js';

/** Spec sections 3 and 10, "fed by": a note reached through the key relation becomes an anchor of each listed one. */
export const DEPENDENTS = {
  Child: ['ReifiedChildObject'],
  ReferringNote: ['ReferringSubject', 'NoteInReferringContextualPath', 'ReferringCousin'],
  ParentSibling: ['ParentSiblingChild'],
  ObjectParentSibling: ['ObjectParentSiblingChild'],
  LinkedNote: ['LinkedNoteLink'],
} as const satisfies Partial<Record<RelatedRelation, readonly RelatedRelation[]>>;

/** A relation whose candidates come from anchors rather than from the focus note. */
export type AnchoredRelation = (typeof DEPENDENTS)[keyof typeof DEPENDENTS][number];

/** The relations fed by `relation`'s reached notes; none for most. */
export function dependentsOf(relation: RelatedRelation): readonly AnchoredRelation[] {
  return (DEPENDENTS as Partial<Record<RelatedRelation, readonly AnchoredRelation[]>>)[relation] ?? [];
}

/** Relations fed by anchors: inactive until their first anchor. */
export const ANCHORED: ReadonlySet<RelatedRelation> = new Set(Object.values(DEPENDENTS).flat());

/** The relations fed at the start: every related relation not fed by anchors, active as a walk starts (spec section 3, "Active"). */
export const FED_AT_START: readonly RelatedRelation[] = RELATED_RELATIONS.filter((relation) => !ANCHORED.has(relation));
