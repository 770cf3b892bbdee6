/**
 * The three relations links give (spec section 10), each with its tier, the relation of that tier
 * it is placed after in the rotation, and what feeds it. They are used when a build asks for links
 * (`links: true`) or names them in `relations`; otherwise a build is as sections 1–9 describe it.
 * None has a focus list: a duplicate of a link relation records no entry and still feeds its
 * dependents.
 */
export const LINK_RELATIONS = [
  { relation: 'LinkedNote', tier: 1, after: 'Object', fedBy: 'start' },
  { relation: 'LinkingNote', tier: 2, after: 'NoteInObjectContextualPath', fedBy: 'start' },
  { relation: 'LinkedNoteLink', tier: 3, after: 'ReferringSubject', fedBy: 'LinkedNote' },
] as const;

export type LinkRelation = (typeof LINK_RELATIONS)[number]['relation'];
