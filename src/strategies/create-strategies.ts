import { compareSiblingKeys, type NoteId, type NoteRecord, type SiblingKey } from '../model/note-record.js';
import { DEPENDENTS } from '../relationships/dependencies.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { AnchoredStrategy } from './anchored-strategy.js';
import {
  ExcludingCursor,
  ListCursor,
  PagedCursor,
  SpiralCursor,
  type CandidateCursor,
} from './candidate-cursor.js';
import type { PassOver } from '../store/note-store.js';
import type { NoteLoader } from './note-loader.js';
import { walkParentChain } from './parent-chain.js';
import { SequenceStrategy } from './sequence-strategy.js';
import type { Strategy } from './strategy.js';

/** What the strategies start from: the focus note and its ancestors, already read. */
export interface FocusNeighbourhood {
  readonly focus: NoteRecord;
  /** The focus note's ancestors, nearest first (the contextual path, reversed). */
  readonly ancestors: readonly NoteRecord[];
  /**
   * Asked each time a page of candidates is read: what the page may leave out, if the budget is
   * tight enough for that to pay. Undefined reads every candidate.
   */
  readonly passOver?: () => PassOver | undefined;
}

const NOTHING: CandidateCursor = new ListCursor([]);

/**
 * Notes of a feeding relation whose dependents' first reads are started before they are fed.
 * Measured on a generated 20k-note notebook, budget 2,000: 8 let a few builds need 11 round
 * trips; warming every note made statements of ~65 children pages; 32 keeps both in check.
 */
const WARMED_PER_FEEDER = 32;

/** One strategy per relation of spec section 3, each reading through `loader`. */
export function createStrategies(
  { focus, ancestors, passOver = () => undefined }: FocusNeighbourhood,
  loader: NoteLoader,
): ReadonlyMap<RelatedRelation, Strategy> {
  const parent = focus.parent && (focus.parent.id === focus.id ? focus : ancestors[0]);
  const object = focus.object ? loader.note(focus.object.id) : Promise.resolve(undefined);
  // Asked for together with the object itself, to save the round trip that waiting would cost.
  const objectChain = focus.object
    ? Promise.all([object, loader.ancestors(focus.object.id)]).then(([found, chain]) =>
        found ? walkParentChain(found, chain) : [],
      )
    : Promise.resolve([]);
  objectChain.catch(() => {}); // awaited by the strategies that need it, if the build gets there

  // Filled in below: anchor-fed strategies, so that a feeding relation's pages can warm them.
  const anchored = new Map<RelatedRelation, AnchoredStrategy>();
  const warmed = new Map<RelatedRelation, number>();
  const warming = (feeder: RelatedRelation) => (notes: readonly NoteRecord[]) => {
    // Only the first few: a feeder's notes become anchors only as they are included, a few per
    // round, and warming a whole page of a hub's siblings made statements of a hundred pages.
    const room = WARMED_PER_FEEDER - (warmed.get(feeder) ?? 0);
    const ahead = notes.filter((note) => note.id !== focus.id).slice(0, Math.max(0, room));
    warmed.set(feeder, (warmed.get(feeder) ?? 0) + ahead.length);
    for (const dependent of DEPENDENTS[feeder] ?? []) {
      for (const note of ahead) anchored.get(dependent)?.warm(note);
    }
  };
  const childrenOf = (parentId: NoteId, direction: 'asc' | 'desc' = 'asc', from?: SiblingKey, feeder?: RelatedRelation) =>
    new PagedCursor((after, limit) => loader.children(parentId, direction, after ?? from, limit, passOver()), feeder && warming(feeder));
  const around = (note: NoteRecord, feeder: RelatedRelation): CandidateCursor =>
    note.parent
      ? new SpiralCursor(childrenOf(note.parent.id, 'desc', note, feeder), childrenOf(note.parent.id, 'asc', note, feeder))
      : NOTHING;
  const chainOf = (note: NoteRecord): CandidateCursor =>
    new ListCursor(loader.ancestors(note.id).then((found) => walkParentChain(note, found)));
  const one = (id: NoteId | undefined) => ListCursor.of(id === undefined ? undefined : loader.note(id));
  const later = (cursor: Promise<CandidateCursor>): CandidateCursor => {
    cursor.catch(() => {}); // rejects where it is awaited, if the build gets there
    return { next: async () => (await cursor).next() };
  };

  const bySiblingKey = { compare: compareSiblingKeys };
  const strategies: Strategy[] = [
    new SequenceStrategy('Parent', new ListCursor(parent ? [parent] : [])),
    new SequenceStrategy('Object', ListCursor.of(object)),
    new SequenceStrategy('Child', childrenOf(focus.id, 'asc', undefined, 'Child'), {
      offers: (note) => note.parent?.id === focus.id,
      ...bySiblingKey,
    }),
    new SequenceStrategy('PriorSibling', parent ? childrenOf(parent.id, 'desc', focus) : NOTHING, {
      offers: (note) => parent !== undefined && note.parent?.id === parent.id && compareSiblingKeys(note, focus) < 0,
      compare: (a, b) => compareSiblingKeys(b, a),
    }),
    new SequenceStrategy('YoungerSibling', parent ? childrenOf(parent.id, 'asc', focus) : NOTHING, {
      offers: (note) => parent !== undefined && note.parent?.id === parent.id && compareSiblingKeys(note, focus) > 0,
      ...bySiblingKey,
    }),
    new SequenceStrategy(
      'ReferringNote',
      new PagedCursor((after, limit) => loader.referrings(focus.id, after?.id, limit, passOver()), warming('ReferringNote')),
      { offers: (note) => note.object?.id === focus.id, compare: (a, b) => a.id - b.id },
    ),
    new SequenceStrategy('NoteInContextualPath', new ListCursor(ancestors.slice(1))),
    new SequenceStrategy('NoteInObjectContextualPath', new ListCursor(objectChain)),
    new SequenceStrategy('ParentSibling', parent ? around(parent, 'ParentSibling') : NOTHING),
    new SequenceStrategy(
      'ObjectParentSibling',
      later(
        Promise.all([object, objectChain]).then(([found, chain]) => {
          const objectParent = found?.parent && (found.parent.id === found.id ? found : chain[0]);
          return objectParent ? around(objectParent, 'ObjectParentSibling') : NOTHING;
        }),
      ),
    ),
    new AnchoredStrategy('ReifiedChildObject', (child) => one(child.object?.id)),
    new AnchoredStrategy('ReferringSubject', (referring) => one(referring.parent?.id)),
    new AnchoredStrategy('ParentSiblingChild', (parentSibling) => childrenOf(parentSibling.id)),
    new AnchoredStrategy('ObjectParentSiblingChild', (objectParentSibling) => childrenOf(objectParentSibling.id)),
    new AnchoredStrategy('NoteInReferringContextualPath', chainOf),
    new AnchoredStrategy('ReferringCousin', (referring) =>
      referring.parent ? new ExcludingCursor(childrenOf(referring.parent.id), referring.id) : NOTHING,
    ),
  ];
  for (const strategy of strategies) if (strategy instanceof AnchoredStrategy) anchored.set(strategy.relation, strategy);
  return new Map(strategies.map((strategy) => [strategy.relation, strategy]));
}
