import { type NoteId, type NoteRecord, type SiblingKey } from '../model/note-record.js';
import { ANCHORED, type AnchoredRelation } from '../relationships/dependents.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { AnchoredStrategy } from './anchored-strategy.js';
import type { CandidateCursor } from './candidate-cursor.js';
import { ExcludingCursor } from './excluding-cursor.js';
import { LaterCursor } from './later-cursor.js';
import { ListCursor } from './list-cursor.js';
import type { NoteLoader } from './note-loader.js';
import { PagedCursor, type PageReader } from './paged-cursor.js';
import { SpiralCursor } from './spiral-cursor.js';
import { parentOf } from './parent-of.js';
import { walkParentChain } from './walk-parent-chain.js';
import type { Strategies } from './strategies.js';

/** What the strategies start from: the focus note and its ancestors, already read. */
export interface FocusNeighbourhood {
  readonly focus: NoteRecord;
  /** The focus note's ancestors, nearest first (the contextual path, reversed). */
  readonly ancestors: readonly NoteRecord[];
}

const NOTHING: CandidateCursor = ListCursor.of([]);
const listOf = (note: NoteRecord | undefined): NoteRecord[] => (note ? [note] : []);

/** A cursor that reads from the store, as it is handed out (a shortcut may wrap it). */
export type ReadingCursor = (cursor: CandidateCursor) => CandidateCursor;

/**
 * One candidate source per relation of spec section 3, each reading through `loader` when it is
 * first asked for a candidate. Every cursor that reads is passed through `reading`.
 */
export function createStrategies({ focus, ancestors }: FocusNeighbourhood, loader: NoteLoader, reading: ReadingCursor = (cursor) => cursor): Strategies {
  const parent = parentOf(focus, ancestors);
  // The object and its ancestors, read together and once.
  let objectRead: Promise<{ object: NoteRecord | undefined; chain: NoteRecord[] }> | undefined;
  const objectAndChain = () =>
    (objectRead ??= focus.object
      ? Promise.all([loader.note(focus.object.id), loader.ancestors(focus.object.id)]).then(([object, chain]) => ({
          object,
          chain: object ? walkParentChain(object, chain) : [],
        }))
      : Promise.resolve({ object: undefined, chain: [] }));

  const paged = (readPage: PageReader) => reading(new PagedCursor(readPage));
  // Each page is read for the relation it offers candidates to.
  const childrenOf = (relation: RelatedRelation, parentId: NoteId, direction: 'asc' | 'desc' = 'asc', from?: SiblingKey) =>
    paged((after, limit) => loader.children(parentId, direction, after ?? from, limit, relation));
  const spiralAround = (relation: RelatedRelation, note: NoteRecord): CandidateCursor =>
    note.parent
      ? new SpiralCursor(childrenOf(relation, note.parent.id, 'desc', note), childrenOf(relation, note.parent.id, 'asc', note))
      : NOTHING;
  // The siblings of the focus note (`up` 0) or its parent (`note`, `up` 1): the first page as
  // `startFirstReads` asks for it (from a reader that takes `siblings` requests), the others as
  // children of the parent beyond the note or the last read.
  const siblingsOf = (relation: RelatedRelation, note: NoteRecord, up: 0 | 1, direction: 'asc' | 'desc') =>
    note.parent
      ? paged((after, limit) =>
          after || !loader.readsSiblings
            ? loader.children(note.parent!.id, direction, after ?? note, limit, relation)
            : loader.siblings(focus.id, up, direction, limit, relation),
        )
      : NOTHING;
  const chainOf = (note: NoteRecord): CandidateCursor =>
    reading(new ListCursor(async () => walkParentChain(note, await loader.ancestors(note.id))));
  const one = (id: NoteId | undefined) =>
    id === undefined ? NOTHING : reading(new ListCursor(async () => listOf(await loader.note(id))));

  // What each anchor offers to the relations fed by anchors.
  const candidatesOf: Record<AnchoredRelation, (anchor: NoteRecord) => CandidateCursor> = {
    ReifiedChildObject: (child) => one(child.object?.id),
    ReferringSubject: (referring) => one(referring.parent?.id),
    ParentSiblingChild: (parentSibling) => childrenOf('ParentSiblingChild', parentSibling.id),
    ObjectParentSiblingChild: (objectParentSibling) => childrenOf('ObjectParentSiblingChild', objectParentSibling.id),
    NoteInReferringContextualPath: chainOf,
    ReferringCousin: (referring) =>
      referring.parent ? new ExcludingCursor(childrenOf('ReferringCousin', referring.parent.id), referring.id) : NOTHING,
  };
  const anchored = {} as Record<AnchoredRelation, AnchoredStrategy>;
  for (const relation of ANCHORED as ReadonlySet<AnchoredRelation>) anchored[relation] = new AnchoredStrategy(candidatesOf[relation]);

  const fedAtStart: Record<Exclude<RelatedRelation, AnchoredRelation>, CandidateCursor> = {
    Parent: ListCursor.of(parent ? [parent] : []),
    Object: reading(new ListCursor(async () => listOf((await objectAndChain()).object))),
    Child: childrenOf('Child', focus.id),
    PriorSibling: parent ? siblingsOf('PriorSibling', focus, 0, 'desc') : NOTHING,
    YoungerSibling: parent ? siblingsOf('YoungerSibling', focus, 0, 'asc') : NOTHING,
    ReferringNote: paged((after, limit) => loader.referrings(focus.id, after?.id, limit, 'ReferringNote')),
    NoteInContextualPath: ListCursor.of(ancestors.slice(1)),
    NoteInObjectContextualPath: reading(new ListCursor(async () => (await objectAndChain()).chain)),
    ParentSibling: parent ? new SpiralCursor(siblingsOf('ParentSibling', parent, 1, 'desc'), siblingsOf('ParentSibling', parent, 1, 'asc')) : NOTHING,
    ObjectParentSibling: reading(
      new LaterCursor(async () => {
        const { object, chain } = await objectAndChain();
        const objectParent = object && parentOf(object, chain);
        return objectParent ? spiralAround('ObjectParentSibling', objectParent) : NOTHING;
      }),
    ),
  };

  const sources: Record<RelatedRelation, CandidateCursor> = Object.assign(fedAtStart, anchored);
  return {
    take: (relation) => sources[relation].take(),
    more: (relation) => sources[relation].more(),
    anchorOf: (relation) => anchored[relation].anchor,
    feed: (relation, anchor) => anchored[relation].feed(anchor),
    candidatesOf: (relation, anchor) => candidatesOf[relation](anchor),
  };
}

