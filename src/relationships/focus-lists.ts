import type { RelatedRelation } from './relation.js';

export type FocusListName = 'children' | 'priorSiblings' | 'youngerSiblings' | 'referrings';

export interface FocusListRule {
  readonly list: FocusListName;
  /** Prior siblings are reached nearest first, so prepending keeps the notebook's order. */
  readonly placement: 'append' | 'prepend';
}

/** Spec section 4, "Focus lists": which relation grows which list of the focus note. */
export const FOCUS_LISTS = {
  Child: { list: 'children', placement: 'append' },
  PriorSibling: { list: 'priorSiblings', placement: 'prepend' },
  YoungerSibling: { list: 'youngerSiblings', placement: 'append' },
  ReferringNote: { list: 'referrings', placement: 'append' },
} as const satisfies Partial<Record<RelatedRelation, FocusListRule>>;

/** The focus list `relation` grows, if any. */
export function focusListOf(relation: RelatedRelation): FocusListRule | undefined {
  return (FOCUS_LISTS as Partial<Record<RelatedRelation, FocusListRule>>)[relation];
}
