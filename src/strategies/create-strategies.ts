import { type NoteId, type NoteRecord, type SiblingKey } from '../model/note-record.js';
import { DEPENDENTS, type AnchoredRelation, type FeedingRelation } from '../relationships/dependencies.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { AnchoredStrategy } from './anchored-strategy.js';
import {
  ExcludingCursor,
  LaterCursor,
  ListCursor,
  PagedCursor,
  SpiralCursor,
  type CandidateCursor,
  type PageReader,
} from './candidate-cursor.js';
import type { NoteLoader } from './note-loader.js';
import { parentOf, walkParentChain } from './parent-chain.js';
import type { Candidate } from './candidate.js';
import { andThen, type Soon } from './soon.js';
import type { Strategies } from './strategy.js';

/** What the strategies start from: the focus note and its ancestors, already read. */
export interface FocusNeighbourhood {
  readonly focus: NoteRecord;
  /** The focus note's ancestors, nearest first (the contextual path, reversed). */
  readonly ancestors: readonly NoteRecord[];
}

const NOTHING: CandidateCursor = new ListCursor([]);

/** One candidate source per relation of spec section 3, each reading through `loader`. */
export function createStrategies({ focus, ancestors }: FocusNeighbourhood, loader: NoteLoader): Strategies {
  const parent = parentOf(focus, ancestors);
  const object = focus.object ? loader.note(focus.object.id) : undefined;
  // Asked for together with the object itself, to save the round trip that waiting would cost.
  const objectAncestors = focus.object ? loader.ancestors(focus.object.id) : [];
  const objectChain = andThen(object, (found) => (found ? andThen(objectAncestors, (chain) => walkParentChain(found, chain)) : []));

  const paged = (readPage: PageReader) => new PagedCursor(readPage, loader.readsAhead);
  const childrenOf = (parentId: NoteId, direction: 'asc' | 'desc' = 'asc', from?: SiblingKey, feeder?: FeedingRelation) =>
    paged((after, limit) =>
      andThen(loader.children(parentId, direction, after ?? from, limit), (page) => {
        if (feeder) loader.warm(feeder, page.notes.filter((note) => note.id !== focus.id && !note.leftOut), (note) => warmDependents(feeder, note));
        return page;
      }),
    );
  const spiralAround = (note: NoteRecord, feeder: FeedingRelation): CandidateCursor =>
    note.parent
      ? new SpiralCursor(childrenOf(note.parent.id, 'desc', note, feeder), childrenOf(note.parent.id, 'asc', note, feeder))
      : NOTHING;
  const chainOf = (note: NoteRecord): CandidateCursor =>
    new ListCursor(andThen(loader.ancestors(note.id), (found) => walkParentChain(note, found)));
  const one = (id: NoteId | undefined) => ListCursor.of(id === undefined ? undefined : loader.note(id));

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
    Parent: new ListCursor(parent ? [parent] : []),
    Object: ListCursor.of(object),
    Child: childrenOf(focus.id, 'asc', undefined, 'Child'),
    PriorSibling: parent ? childrenOf(parent.id, 'desc', focus) : NOTHING,
    YoungerSibling: parent ? childrenOf(parent.id, 'asc', focus) : NOTHING,
    ReferringNote: paged((after, limit) =>
      andThen(loader.referrings(focus.id, after?.id, limit), (page) => {
        loader.warm('ReferringNote', page.notes.filter((note) => note.id !== focus.id && !note.leftOut), (note) => warmDependents('ReferringNote', note));
        return page;
      }),
    ),
    NoteInContextualPath: new ListCursor(ancestors.slice(1)),
    NoteInObjectContextualPath: new ListCursor(objectChain),
    ParentSibling: parent ? spiralAround(parent, 'ParentSibling') : NOTHING,
    ObjectParentSibling: new LaterCursor(
      andThen(object, (found) =>
        andThen(objectChain, (chain) => {
          const objectParent = found && parentOf(found, chain);
          return objectParent ? spiralAround(objectParent, 'ObjectParentSibling') : NOTHING;
        }),
      ),
    ),
  };

  const sources = new Map<RelatedRelation, { next(): Soon<Candidate | undefined> }>([...Object.entries(fedAtStart), ...Object.entries(anchored)] as [
    RelatedRelation,
    CandidateCursor | AnchoredStrategy,
  ][]);
  return {
    next: (relation) => sources.get(relation)!.next(),
    feed: (relation, anchor) => anchored[relation].feed(anchor),
  };
}

