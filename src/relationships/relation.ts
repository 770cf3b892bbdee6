/** Every relation but `Self`, in the order of {@link RELATIONS}. */
export const RELATED_RELATIONS = [
  'Parent', 'Object', 'Child', 'PriorSibling', 'YoungerSibling', 'ReferringNote', 'NoteInContextualPath', 'NoteInObjectContextualPath',
  'ParentSibling', 'ObjectParentSibling', 'ReifiedChildObject', 'ReferringSubject',
  'ParentSiblingChild', 'ObjectParentSiblingChild', 'NoteInReferringContextualPath', 'ReferringCousin',
  'LinkedNote', 'LinkingNote', 'LinkedNoteLink',
] as const;

/** A relation through which a related note (not the focus note) can be reached. */
export type RelatedRelation = (typeof RELATED_RELATIONS)[number];

/** The closed set of ways a note relates to the focus note (spec sections 3 and 10); `Self` is the focus note itself. */
export const RELATIONS = ['Self', ...RELATED_RELATIONS] as const;

export type Relation = (typeof RELATIONS)[number];

/** The relations links between notes give (spec section 10): used only when a build asks for them. */
export const LINK_RELATIONS = ['LinkedNote', 'LinkingNote', 'LinkedNoteLink'] as const satisfies readonly RelatedRelation[];

export type LinkRelation = (typeof LINK_RELATIONS)[number];

/** The sixteen relations of the note tree (spec section 3): those a build uses unless told otherwise. */
export const TREE_RELATIONS: readonly RelatedRelation[] = RELATED_RELATIONS.filter((relation) => !(LINK_RELATIONS as readonly string[]).includes(relation));
