import { type NoteId, type NoteRecord, type SiblingKey } from '../model/note-record.js';
import { DEPENDENTS, type AnchoredRelation, type FeedingRelation } from '../relationships/dependencies.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { AnchoredStrategy } from './anchored-strategy.js';
import type { CandidateCursor } from './candidate-cursor.js';
import { ExcludingCursor } from './excluding-cursor.js';
import { LaterCursor } from './later-cursor.js';
import { ListCursor } from './list-cursor.js';
import type { NoteLoader } from './note-loader.js';
import type { Seen } from './seen.js';
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
  const warmFrom = (feeder: FeedingRelation | undefined): Seen | undefined =>
    feeder && ((notes) => loader.warm(feeder, notes.filter((note) => note.id !== focus.id), (note) => warmDependents(feeder, note)));
  const childrenOf = (parentId: NoteId, direction: 'asc' | 'desc' = 'asc', from?: SiblingKey, feeder?: FeedingRelation) =>
    paged((after, limit) => loader.children(parentId, direction, after ?? from, limit, warmFrom(feeder)));
  const spiralAround = (note: NoteRecord, feeder: FeedingRelation): CandidateCursor =>
    note.parent
      ? new SpiralCursor(childrenOf(note.parent.id, 'desc', note, feeder), childrenOf(note.parent.id, 'asc', note, feeder))
      : NOTHING;
  // The siblings of the focus note (`up` 0) or its parent (`note`, `up` 1): the first page as
  // `startFirstReads` asks for it (from a reader that takes `siblings` requests), the others as
  // children of the parent beyond the note or the last read.
  const siblingsOf = (note: NoteRecord, up: 0 | 1, direction: 'asc' | 'desc', feeder?: FeedingRelation) =>
    note.parent
      ? paged((after, limit) =>
          after || !loader.readsSiblings
            ? loader.children(note.parent!.id, direction, after ?? note, limit, warmFrom(feeder))
            : loader.siblings(focus.id, up, direction, limit, warmFrom(feeder)),
        )
      : NOTHING;
  const chainOf = (note: NoteRecord): CandidateCursor =>
    reading(new ListCursor(async () => walkParentChain(note, await loader.ancestors(note.id))));
  const one = (id: NoteId | undefined) =>
    id === undefined ? NOTHING : reading(new ListCursor(async () => listOf(await loader.note(id))));

  const anchored: Record<AnchoredRelation, AnchoredStrategy> = {
    ReifiedChildObject: new AnchoredStrategy((child) => one(child.object?.id)),
    ReferringSubject: new AnchoredStrategy((referring) => one(referring.parent?.id)),
    ParentSiblingChild: new AnchoredStrategy((parentSibling) => childrenOf(parentSibling.id)),
    ObjectParentSiblingChild: new AnchoredStrategy((objectParentSibling) => childrenOf(objectParentSibling.id)),
    NoteInReferringContextualPath: new AnchoredStrategy(chainOf),
    ReferringCousin: new AnchoredStrategy((referring) =>
      referring.parent ? new ExcludingCursor(childrenOf(referring.parent.id), referring.id) : NOTHING,
    ),
  };
  const warmDependents = (feeder: FeedingRelation, note: NoteRecord) => {
    for (const dependent of DEPENDENTS[feeder]) anchored[dependent].warm(note);
  };

  const fedAtStart: Record<Exclude<RelatedRelation, AnchoredRelation>, CandidateCursor> = {
    Parent: ListCursor.of(parent ? [parent] : []),
    Object: reading(new ListCursor(async () => listOf((await objectAndChain()).object))),
    Child: childrenOf(focus.id, 'asc', undefined, 'Child'),
    PriorSibling: parent ? siblingsOf(focus, 0, 'desc') : NOTHING,
    YoungerSibling: parent ? siblingsOf(focus, 0, 'asc') : NOTHING,
    ReferringNote: paged((after, limit) => loader.referrings(focus.id, after?.id, limit, warmFrom('ReferringNote'))),
    NoteInContextualPath: ListCursor.of(ancestors.slice(1)),
    NoteInObjectContextualPath: reading(new ListCursor(async () => (await objectAndChain()).chain)),
    ParentSibling: parent ? new SpiralCursor(siblingsOf(parent, 1, 'desc', 'ParentSibling'), siblingsOf(parent, 1, 'asc', 'ParentSibling')) : NOTHING,
    ObjectParentSibling: reading(
      new LaterCursor(async () => {
        const { object, chain } = await objectAndChain();
        const objectParent = object && parentOf(object, chain);
        return objectParent ? spiralAround(objectParent, 'ObjectParentSibling') : NOTHING;
      }),
    ),
  };

  const sources = new Map<RelatedRelation, { next(): Promise<NoteRecord | undefined> }>([...Object.entries(fedAtStart), ...Object.entries(anchored)] as [
    RelatedRelation,
    CandidateCursor | AnchoredStrategy,
  ][]);
  return {
    next: (relation) => sources.get(relation)!.next(),
    anchorOf: (relation) => anchored[relation].anchor,
    feed: (relation, anchor) => anchored[relation].feed(anchor),
  };
}

