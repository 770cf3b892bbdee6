import { type NoteId, type NoteRecord, type SiblingKey } from '../model/note-record.js';
import { ANCHORED, type AnchoredRelation } from '../relationships/dependents.js';
import type { RelatedRelation } from '../relationships/relation.js';
import { PageRequest } from '../store/read-request.js';
import { AnchoredStrategy } from './anchored-strategy.js';
import type { CandidateCursor } from './candidate-cursor.js';
import { KeysetPages } from './keyset-pages.js';
import type { NoteLoader } from './note-loader.js';
import { readWholePage, type SourcePageReading } from './page-reading.js';
import { PageCursor } from './page-cursor.js';
import type { PageSource } from './page-source.js';
import { SpiralCursor } from './spiral-cursor.js';
import { parentOf } from './parent-of.js';
import { walkParentChain } from './walk-parent-chain.js';
import { whenRead } from './when-read.js';
import type { Strategies } from './strategies.js';

/** Candidates already at hand, such as the focus note's parent or its own contextual path. */
const listCursor = (notes: readonly NoteRecord[]): CandidateCursor => {
  let index = 0;
  return { next: () => notes[index++] };
};
const NOTHING = listCursor([]);
const listOf = (note: NoteRecord | undefined): NoteRecord[] => (note ? [note] : []);

/** How the candidates of `relation`'s page source are handed out: one by one (`PageCursor`), unless a shortcut reads otherwise. */
export type ReadingCursor = (pages: PageSource, relation: RelatedRelation) => CandidateCursor;

/** What `anchor` offers `relation`, a relation fed by anchors, as a cursor of its own. */
export type AnchorCandidates = (relation: AnchoredRelation, anchor: NoteRecord) => CandidateCursor;

/** How the strategies read: the core's own (`BY_PAGE`), or as the build's shortcuts decorate it. */
export interface StrategyReading {
  readonly readPage: SourcePageReading;
  readonly cursor: ReadingCursor;
  /** What each anchor offers, given the core's own. */
  readonly anchors: (inner: AnchorCandidates) => AnchorCandidates;
}

/** Every page read whole, one page after the other, each anchor's candidates as the strategies make them. */
export const BY_PAGE: StrategyReading = { readPage: () => readWholePage, cursor: (pages) => new PageCursor(pages), anchors: (inner) => inner };

/**
 * One candidate source per relation in effect (spec sections 3 and 10), reading through `loader` as `reading` says.
 * The focus note and its ancestors (nearest first) are already read.
 */
export function createStrategies(
  { focus, ancestors }: { readonly focus: NoteRecord; readonly ancestors: readonly NoteRecord[] },
  loader: NoteLoader,
  relations: ReadonlySet<RelatedRelation>,
  { readPage, cursor: reading, anchors }: StrategyReading = BY_PAGE,
): Strategies {
  const parent = parentOf(focus, ancestors);
  let objectRead: Promise<{ object: NoteRecord | undefined; chain: NoteRecord[] }> | undefined;
  const objectAndChain = () =>
    (objectRead ??= focus.object
      ? Promise.all([loader.note(focus.object.id), loader.ancestors(focus.object.id)]).then(([object, chain]) => ({
          object,
          chain: object ? walkParentChain(object, chain) : [],
        }))
      : Promise.resolve({ object: undefined, chain: [] }));

  // Candidates read in one go, such as an ancestor chain or a single note: one page, then none.
  const read = (relation: RelatedRelation, load: () => Promise<readonly NoteRecord[]>) => {
    let page: Promise<readonly NoteRecord[]> | undefined;
    return reading({ nextPage: () => (page ? Promise.resolve([]) : (page = load())) }, relation);
  };
  const pagesOf = (relation: RelatedRelation, requestOf: (after: NoteRecord | undefined, limit: number) => PageRequest): PageSource => {
    const read = readPage(relation);
    return new KeysetPages((after, limit) => read(requestOf(after, limit), loader.read));
  };
  const childPages = (relation: RelatedRelation, parentId: NoteId, direction: 'asc' | 'desc' = 'asc', from?: SiblingKey) =>
    pagesOf(relation, (after, limit) => PageRequest.children(parentId, direction, after ?? from, limit));
  const childrenOf = (relation: RelatedRelation, parentId: NoteId) => reading(childPages(relation, parentId), relation);
  // The siblings of the focus note (`up` 0) or its parent (`up` 1): the first page as `startFirstReads` asks for it
  // (if the reader takes siblings pages), the others as children of the parent beyond the note or the last read.
  const siblingsOf = (relation: RelatedRelation, note: NoteRecord, up: 0 | 1, direction: 'asc' | 'desc') => {
    const parentId = note.parent?.id;
    if (parentId === undefined) return NOTHING;
    const requestOf = (after: NoteRecord | undefined, limit: number) => after || !loader.readsExtended
      ? PageRequest.children(parentId, direction, after ?? note, limit)
      : PageRequest.siblings(focus.id, up, direction, limit);
    return reading(pagesOf(relation, requestOf), relation);
  };
  const one = (relation: RelatedRelation, id: NoteId | undefined) => (id === undefined ? NOTHING : read(relation, async () => listOf(await loader.note(id))));
  // The siblings of the object's parent: pages of a source made once the object and its ancestors are read.
  const aroundObjectParent = (direction: 'asc' | 'desc') => {
    let made: Promise<PageSource | undefined> | undefined;
    const make = async () => {
      const { object, chain } = await objectAndChain();
      const note = object && parentOf(object, chain);
      return note?.parent ? childPages('ObjectParentSibling', note.parent.id, direction, note) : undefined;
    };
    return reading({ nextPage: async () => (await (made ??= make()))?.nextPage() ?? [] }, 'ObjectParentSibling');
  };

  const candidatesOf: Record<AnchoredRelation, (anchor: NoteRecord) => CandidateCursor> = {
    ReifiedChildObject: (child) => one('ReifiedChildObject', child.object?.id),
    ReferringSubject: (referring) => one('ReferringSubject', referring.parent?.id),
    ParentSiblingChild: (parentSibling) => childrenOf('ParentSiblingChild', parentSibling.id),
    ObjectParentSiblingChild: (objectParentSibling) => childrenOf('ObjectParentSiblingChild', objectParentSibling.id),
    NoteInReferringContextualPath: (referring) =>
      read('NoteInReferringContextualPath', async () => walkParentChain(referring, await loader.ancestors(referring.id))),
    // The children of the referring note's subject, but for the referring note itself.
    ReferringCousin: (referring) => {
      if (!referring.parent) return NOTHING;
      const cousins = childrenOf('ReferringCousin', referring.parent.id);
      return { next: () => whenRead(cousins.next(), (note) => (note?.id === referring.id ? cousins.next() : note)) };
    },
    LinkedNoteLink: (linked) => read('LinkedNoteLink', () => loader.read({ kind: 'linked', id: linked.id })),
  };
  const offered = anchors((relation, anchor) => candidatesOf[relation](anchor));
  const anchored = {} as Record<AnchoredRelation, AnchoredStrategy>;
  for (const relation of ANCHORED as ReadonlySet<AnchoredRelation>) anchored[relation] = new AnchoredStrategy((anchor) => offered(relation, anchor));

  // Made only for the relations in effect: a left-out relation is never asked, so it reads nothing.
  const startSources: Record<Exclude<RelatedRelation, AnchoredRelation>, () => CandidateCursor> = {
    Parent: () => listCursor(listOf(parent)),
    Object: () => read('Object', async () => listOf((await objectAndChain()).object)),
    Child: () => childrenOf('Child', focus.id),
    PriorSibling: () => parent ? siblingsOf('PriorSibling', focus, 0, 'desc') : NOTHING,
    YoungerSibling: () => parent ? siblingsOf('YoungerSibling', focus, 0, 'asc') : NOTHING,
    ReferringNote: () => reading(pagesOf('ReferringNote', (after, limit) => PageRequest.referrings(focus.id, after?.id, limit)), 'ReferringNote'),
    NoteInContextualPath: () => listCursor(ancestors.slice(1)),
    NoteInObjectContextualPath: () => read('NoteInObjectContextualPath', async () => (await objectAndChain()).chain),
    ParentSibling: () => parent ? new SpiralCursor(siblingsOf('ParentSibling', parent, 1, 'desc'), siblingsOf('ParentSibling', parent, 1, 'asc')) : NOTHING,
    ObjectParentSibling: () => focus.object ? new SpiralCursor(aroundObjectParent('desc'), aroundObjectParent('asc')) : NOTHING,
    LinkedNote: () => read('LinkedNote', () => loader.read({ kind: 'linked', id: focus.id })),
    LinkingNote: () => read('LinkingNote', () => loader.read({ kind: 'linking', id: focus.id })),
  };

  const sources = {} as Record<RelatedRelation, CandidateCursor>;
  for (const [relation, make] of Object.entries(startSources) as [RelatedRelation, () => CandidateCursor][]) {
    sources[relation] = relations.has(relation) ? make() : NOTHING;
  }
  Object.assign(sources, anchored);
  return {
    next: (relation) => sources[relation].next(),
    anchorOf: (relation) => anchored[relation].anchor,
    feed: (relation, anchor) => anchored[relation].feed(anchor),
  };
}

