import { RELATIONS, type RelatedRelation } from '../../src/relationships/relation.js';

const RELATED = RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self');
import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';
import { referenceLinkedNotes } from './reference-links.js';

/**
 * The relations of spec section 1 and 3 computed straight from a fixture, independently of the
 * builder: which notes stand in which relation to a focus note, under the visibility rules.
 */
export class RelationOracle {
  private readonly byId = new Map<number, NoteData>();

  constructor(
    fixture: Fixture,
    private readonly readable?: ReadonlySet<number>,
  ) {
    for (const note of fixture.notes) this.byId.set(note.id, note);
  }

  visible(id: number | undefined): NoteData | undefined {
    const note = id === undefined ? undefined : this.byId.get(id);
    if (!note || note.deletedAt !== undefined) return undefined;
    if (this.readable && !this.readable.has(note.notebookId)) return undefined;
    return note;
  }

  parent(note: NoteData): NoteData | undefined {
    return this.visible(note.parentId);
  }

  object(note: NoteData): NoteData | undefined {
    return this.visible(note.objectId);
  }

  children(note: NoteData): NoteData[] {
    return [...this.byId.values()].filter((other) => this.visible(other.id) && this.parent(other)?.id === note.id);
  }

  siblings(note: NoteData): NoteData[] {
    const parent = this.parent(note);
    return parent ? this.children(parent).filter((other) => other.id !== note.id) : [];
  }

  /** The visible notes `note`'s details link to (spec section 10), by the reference's own rule. */
  linked(note: NoteData): NoteData[] {
    return referenceLinkedNotes(note, this.allVisible());
  }

  /** The visible notes whose details link to `note`. */
  linking(note: NoteData): NoteData[] {
    const visible = this.allVisible();
    return visible.filter((other) => referenceLinkedNotes(other, visible).some((linked) => linked.id === note.id));
  }

  private allVisible(): NoteData[] {
    return [...this.byId.values()].filter((note) => this.visible(note.id));
  }

  referrings(note: NoteData): NoteData[] {
    return [...this.byId.values()].filter((other) => this.visible(other.id) && this.object(other)?.id === note.id);
  }

  /** Nearest first; ends at the first repeat (the start counts as seen). */
  ancestors(note: NoteData): NoteData[] {
    const seen = new Set([note.id]);
    const chain: NoteData[] = [];
    for (let next = this.parent(note); next && !seen.has(next.id); next = this.parent(next)) {
      seen.add(next.id);
      chain.push(next);
    }
    return chain;
  }

  /** Every note related to `focus` by any relation: what an unlimited build reaches. */
  reachable(focusId: number): Set<number> {
    const reachable = new Set(RELATED.flatMap((relation) => [...this.related(focusId, relation)]));
    reachable.delete(focusId);
    return reachable;
  }

  /** Every note related to `focus` by `relation`. */
  related(focusId: number, relation: RelatedRelation): Set<number> {
    const focus = this.visible(focusId)!;
    const parent = this.parent(focus);
    const object = this.object(focus);
    const key = (note: NoteData) => [note.siblingOrder, note.id] as const;
    const before = (a: NoteData, b: NoteData) => key(a)[0] < key(b)[0] || (key(a)[0] === key(b)[0] && a.id < b.id);
    const ids = (notes: Iterable<NoteData | undefined>) =>
      new Set([...notes].filter((note): note is NoteData => note !== undefined).map((note) => note.id));
    // The focus note is never reached, so in corrupt data it anchors nothing.
    const notFocus = (note: NoteData) => note.id !== focus.id;
    const children = this.children(focus);
    const referrings = this.referrings(focus);
    const parentSiblings = parent ? this.siblings(parent) : [];
    const objectParent = object && this.parent(object);
    const objectParentSiblings = objectParent ? this.siblings(objectParent) : [];
    const anchors = {
      children: children.filter(notFocus),
      referrings: referrings.filter(notFocus),
      parentSiblings: parentSiblings.filter(notFocus),
      objectParentSiblings: objectParentSiblings.filter(notFocus),
    };
    switch (relation) {
      case 'Parent': return ids([parent]);
      case 'Object': return ids([object]);
      case 'Child': return ids(children);
      case 'PriorSibling': return ids(this.siblings(focus).filter((note) => before(note, focus)));
      case 'YoungerSibling': return ids(this.siblings(focus).filter((note) => before(focus, note)));
      case 'ReferringNote': return ids(referrings);
      case 'NoteInContextualPath': return ids(this.ancestors(focus).slice(1));
      case 'NoteInObjectContextualPath': return ids(object ? this.ancestors(object) : []);
      case 'ParentSibling': return ids(parentSiblings);
      case 'ObjectParentSibling': return ids(objectParentSiblings);
      case 'ReifiedChildObject': return ids(anchors.children.map((child) => this.object(child)));
      case 'ReferringSubject': return ids(anchors.referrings.map((note) => this.parent(note)));
      case 'ParentSiblingChild': return ids(anchors.parentSiblings.flatMap((note) => this.children(note)));
      case 'ObjectParentSiblingChild': return ids(anchors.objectParentSiblings.flatMap((note) => this.children(note)));
      case 'NoteInReferringContextualPath': return ids(anchors.referrings.flatMap((note) => this.ancestors(note)));
      case 'ReferringCousin': return ids(anchors.referrings.flatMap((note) => this.siblings(note)));
      case 'LinkedNote': return ids(this.linked(focus));
      case 'LinkingNote': return ids(this.linking(focus));
      case 'LinkedNoteLink': return ids(this.linked(focus).filter(notFocus).flatMap((note) => this.linked(note)));
    }
  }
}
