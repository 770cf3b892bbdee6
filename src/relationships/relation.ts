/**
 * The closed set of ways a note can relate to the focus note (spec section 3).
 * `Self` is the focus note itself; every other relation names how a related note was reached.
 */
export const RELATIONS = [
  'Self',
  'Parent',
  'Object',
  'Child',
  'PriorSibling',
  'YoungerSibling',
  'ReferringNote',
  'NoteInContextualPath',
  'NoteInObjectContextualPath',
  'ParentSibling',
  'ObjectParentSibling',
  'ReifiedChildObject',
  'ReferringSubject',
  'ParentSiblingChild',
  'ObjectParentSiblingChild',
  'NoteInReferringContextualPath',
  'ReferringCousin',
] as const;

export type Relation = (typeof RELATIONS)[number];

/** A relation through which a related note (not the focus note) can be reached. */
export type RelatedRelation = Exclude<Relation, 'Self'>;

/** Every relation but `Self`, in the order of {@link RELATIONS}. */
export const RELATED_RELATIONS = RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self') as unknown as readonly [
  RelatedRelation,
  ...RelatedRelation[],
];
