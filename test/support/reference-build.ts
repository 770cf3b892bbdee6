/**
 * An independent reference implementation of spec sections 1–5 (docs: the behavioural spec,
 * context-builder.md), written from the spec alone to check `buildContext` against.
 *
 * It shares no cursor, strategy, loader, iterator, ledger or cost-model code with `src/`: from
 * `src/` it takes only the result types, the two renderers (they define the output formats) and
 * the fixture type. It is written to be read next to the spec, not to be fast: it rescans the
 * whole fixture for every question and, with `o200k` and `cl100k`, re-renders and re-counts the
 * whole output for every price.
 */
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { renderJson } from '../../src/result/render-json.js';
import { renderPrompt } from '../../src/result/render-prompt.js';
import type { BareNote, GraphRAGResult } from '../../src/result/schema.js';
import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';

export interface ReferenceOptions {
  focus: number;
  budget: number;
  tokenizer: 'o200k' | 'cl100k' | 'estimate' | 'one-per-note';
  /** Default 1000. */
  truncate?: number;
  readableNotebooks?: number[];
  exclude?: number[];
  /** Default json. */
  format?: 'json' | 'prompt';
}

export interface ReferenceOutcome {
  result: GraphRAGResult;
  used: number;
  /** The first 10 candidates section 4 reports as skipped, in walk order. */
  skipped: { uri: string; relation: string; cost: number }[];
  /** What the build went through, for counting what the generators reach. */
  trace: ReferenceTrace;
}

export interface ReferenceTrace {
  /** Relations of the notes in relatedNotes. */
  reached: Set<Relation>;
  /** What each note of relatedNotes cost, entry included, in order. */
  addedCosts: number[];
  /** Candidates already in relatedNotes (or excluded) that were recorded in a focus list. */
  duplicatesRecorded: number;
  /** Every candidate reported as skipped, not only the first 10. */
  skippedCount: number;
  /** The build ended because remaining reached 0. */
  endedAtZero: boolean;
  /** At least one excluded id counted (visible and not the focus). */
  excludeUsed: boolean;
}

// ---------------------------------------------------------------------------------------------
// Section 3: relations, tiers, dependencies

export const REFERENCE_RELATIONS = [
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
export type Relation = (typeof REFERENCE_RELATIONS)[number];

/** Tier p is TIERS[p − 1], its relations in rotation order; its quota is 5 − p. */
const TIERS: Relation[][] = [
  ['Parent', 'Object'],
  ['Child', 'PriorSibling', 'YoungerSibling', 'ReferringNote', 'NoteInContextualPath', 'NoteInObjectContextualPath'],
  ['ParentSibling', 'ObjectParentSibling', 'ReifiedChildObject', 'ReferringSubject'],
  ['ParentSiblingChild', 'ObjectParentSiblingChild', 'NoteInReferringContextualPath', 'ReferringCousin'],
];

/** Which relations a reached note of a relation feeds as an anchor. */
const DEPENDENTS: Partial<Record<Relation, Relation[]>> = {
  Child: ['ReifiedChildObject'],
  ReferringNote: ['ReferringSubject', 'NoteInReferringContextualPath', 'ReferringCousin'],
  ParentSibling: ['ParentSiblingChild'],
  ObjectParentSibling: ['ObjectParentSiblingChild'],
};

type ListName = 'children' | 'priorSiblings' | 'youngerSiblings' | 'referrings';

/** The focus note's list for a relation, if it has one. */
const FOCUS_LIST: Partial<Record<Relation, ListName>> = {
  Child: 'children',
  PriorSibling: 'priorSiblings',
  YoungerSibling: 'youngerSiblings',
  ReferringNote: 'referrings',
};

// ---------------------------------------------------------------------------------------------
// Section 1: the note graph, visible notes only

class Graph {
  private readonly byId = new Map<number, NoteData>();

  constructor(
    private readonly fixture: Fixture,
    private readonly readable: number[] | undefined,
  ) {
    for (const note of fixture.notes) this.byId.set(note.id, note);
  }

  /** The visible note with this id; a deleted or unreadable or missing note is undefined. */
  note(id: number | undefined): NoteData | undefined {
    if (id === undefined) return undefined;
    const note = this.byId.get(id);
    if (note === undefined) return undefined;
    if (note.deletedAt !== undefined) return undefined;
    if (this.readable !== undefined && !this.readable.includes(note.notebookId)) return undefined;
    return note;
  }

  visibleNotes(): NoteData[] {
    return this.fixture.notes.filter((note) => this.note(note.id) !== undefined);
  }

  parent(note: NoteData): NoteData | undefined {
    return this.note(note.parentId);
  }

  object(note: NoteData): NoteData | undefined {
    return this.note(note.objectId);
  }

  /** Notes whose parent is `note`, by siblingOrder then id. */
  children(note: NoteData): NoteData[] {
    return this.visibleNotes()
      .filter((other) => this.parent(other)?.id === note.id)
      .sort(siblingOrder);
  }

  /** The other children of the note's parent, in sibling order. */
  siblings(note: NoteData): NoteData[] {
    const parent = this.parent(note);
    if (parent === undefined) return [];
    return this.children(parent).filter((other) => other.id !== note.id);
  }

  /** Siblings before the note, nearest first. */
  priorSiblings(note: NoteData): NoteData[] {
    return this.siblings(note)
      .filter((other) => siblingOrder(other, note) < 0)
      .reverse();
  }

  /** Siblings after the note, nearest first. */
  youngerSiblings(note: NoteData): NoteData[] {
    return this.siblings(note).filter((other) => siblingOrder(other, note) > 0);
  }

  /** Notes whose object is `note`, ascending id. */
  referrings(note: NoteData): NoteData[] {
    return this.visibleNotes()
      .filter((other) => this.object(other)?.id === note.id)
      .sort((a, b) => a.id - b.id);
  }

  /** Ancestors nearest first; the walk ends at the first repeat, the note itself counting as seen. */
  ancestors(note: NoteData): NoteData[] {
    const seen = new Set<number>([note.id]);
    const chain: NoteData[] = [];
    let next = this.parent(note);
    while (next !== undefined && !seen.has(next.id)) {
      chain.push(next);
      seen.add(next.id);
      next = this.parent(next);
    }
    return chain;
  }
}

function siblingOrder(a: NoteData, b: NoteData): number {
  if (a.siblingOrder !== b.siblingOrder) return a.siblingOrder < b.siblingOrder ? -1 : 1;
  return a.id - b.id;
}

/** Nearest prior, nearest younger, 2nd prior, 2nd younger, …; a side that runs out is skipped. */
function spiral(prior: NoteData[], younger: NoteData[]): NoteData[] {
  const order: NoteData[] = [];
  for (let index = 0; index < Math.max(prior.length, younger.length); index++) {
    if (index < prior.length) order.push(prior[index]!);
    if (index < younger.length) order.push(younger[index]!);
  }
  return order;
}

function uriAndTitle(note: NoteData): string {
  let escaped = '';
  for (const character of note.title) {
    escaped += character === '[' || character === ']' || character === '\\' ? `\\${character}` : character;
  }
  return `[${escaped}](/n${note.id})`;
}

/** Cut to `limit` code points, then `...`, when longer. */
function truncated(details: string, limit: number): string {
  const codePoints = Array.from(details);
  if (codePoints.length <= limit) return details;
  return `${codePoints.slice(0, limit).join('')}...`;
}

// ---------------------------------------------------------------------------------------------
// Candidates: a plain list for a relation fed at the start, a dependency queue for the others

interface CandidateSource {
  /** The next candidate, consumed; undefined when there is none left. */
  next(): NoteData | undefined;
}

class ListSource implements CandidateSource {
  private position = 0;

  constructor(private readonly candidates: NoteData[]) {}

  next(): NoteData | undefined {
    const candidate = this.candidates[this.position];
    this.position += 1;
    return candidate;
  }
}

/**
 * The dependency queue: anchors in the order they were reached and a cursor walking them round
 * and round, one candidate per anchor; an anchor with nothing left is dropped. The cursor wraps
 * to the first anchor only when it is asked past the last one, so an anchor appended meanwhile is
 * reached before the wrap: first candidates of every anchor, then second ones, and so on.
 */
class DependencyQueue implements CandidateSource {
  private readonly anchors: { candidates: NoteData[]; taken: number }[] = [];
  private cursor = 0;

  feed(candidates: NoteData[]): void {
    this.anchors.push({ candidates, taken: 0 });
  }

  next(): NoteData | undefined {
    while (this.anchors.length > 0) {
      if (this.cursor >= this.anchors.length) this.cursor = 0;
      const anchor = this.anchors[this.cursor]!;
      if (anchor.taken === anchor.candidates.length) {
        // Dropped: the following anchor moves under the cursor.
        this.anchors.splice(this.cursor, 1);
        continue;
      }
      const candidate = anchor.candidates[anchor.taken]!;
      anchor.taken += 1;
      this.cursor += 1;
      return candidate;
    }
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Section 5: tokens

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function estimateOf(json: string): number {
  return Math.ceil((utf8Bytes(json) + 1) / 3.75);
}

// ---------------------------------------------------------------------------------------------
// Sections 2 and 4: the build

export function referenceBuild(fixture: Fixture, options: ReferenceOptions): ReferenceOutcome | 'NoteNotFound' {
  const truncate = options.truncate ?? 1000;
  const format = options.format ?? 'json';
  const graph = new Graph(fixture, options.readableNotebooks);
  const focus = graph.note(options.focus);
  if (focus === undefined) return 'NoteNotFound';

  const bareNote = (note: NoteData, relation: Relation): BareNote => {
    const parent = graph.parent(note);
    const object = graph.object(note);
    return {
      uriAndTitle: uriAndTitle(note),
      ...(note.details !== undefined && note.details !== '' && { details: truncated(note.details, truncate) }),
      ...(parent !== undefined && { parentUriAndTitle: uriAndTitle(parent) }),
      ...(object !== undefined && { objectUriAndTitle: uriAndTitle(object) }),
      relationToFocusNote: relation,
    };
  };

  // The result as it stands.
  const focusParent = graph.parent(focus);
  const focusObject = graph.object(focus);
  const result: GraphRAGResult = {
    focusNote: {
      uriAndTitle: uriAndTitle(focus),
      ...(focus.details !== undefined && focus.details !== '' && { details: focus.details }),
      ...(focusParent !== undefined && { parentUriAndTitle: uriAndTitle(focusParent) }),
      ...(focusObject !== undefined && { objectUriAndTitle: uriAndTitle(focusObject) }),
      relationToFocusNote: 'Self',
      contextualPath: graph.ancestors(focus).reverse().map(uriAndTitle),
      children: [],
      referrings: [],
      priorSiblings: [],
      youngerSiblings: [],
    },
    relatedNotes: [],
  };

  /** A copy of `base` with the entry recorded in the list (PriorSibling prepended) and the note appended. */
  const withAdded = (base: GraphRAGResult, entry: { list: ListName; uriAndTitle: string } | undefined, note?: BareNote) => {
    const copy: GraphRAGResult = structuredClone(base);
    if (entry !== undefined) {
      if (entry.list === 'priorSiblings') copy.focusNote.priorSiblings.unshift(entry.uriAndTitle);
      else copy.focusNote[entry.list].push(entry.uriAndTitle);
    }
    if (note !== undefined) copy.relatedNotes.push(note);
    return copy;
  };

  const render = (value: GraphRAGResult) => (format === 'json' ? renderJson(value) : renderPrompt(value));
  const bpe = options.tokenizer === 'o200k' ? countO200k : options.tokenizer === 'cl100k' ? countCl100k : undefined;
  const tokens = (value: GraphRAGResult) => bpe!(render(value), { disallowedSpecial: new Set() });

  /** What a new related note (with its focus-list entry, if any) costs. */
  const noteCost = (note: BareNote, list: ListName | undefined): number => {
    const entry = list === undefined ? undefined : { list, uriAndTitle: note.uriAndTitle };
    switch (options.tokenizer) {
      case 'one-per-note':
        return 1;
      case 'estimate':
        return estimateOf(JSON.stringify(note)) + (entry === undefined ? 0 : estimateOf(JSON.stringify(entry.uriAndTitle)));
      default:
        return tokens(withAdded(result, entry, note)) - tokens(result);
    }
  };

  /** What a focus-list entry alone costs. */
  const entryCost = (list: ListName, entryText: string): number => {
    switch (options.tokenizer) {
      case 'one-per-note':
        return 0;
      case 'estimate':
        return estimateOf(JSON.stringify(entryText));
      default:
        return tokens(withAdded(result, { list, uriAndTitle: entryText })) - tokens(result);
    }
  };

  // Candidate sources of every relation.
  const parent = focusParent;
  const object = focusObject;
  const objectParent = object === undefined ? undefined : graph.parent(object);
  const present = (notes: (NoteData | undefined)[]) => notes.filter((note): note is NoteData => note !== undefined);
  const sources: Record<Relation, CandidateSource> = {
    Parent: new ListSource(present([parent])),
    Object: new ListSource(present([object])),
    Child: new ListSource(graph.children(focus)),
    PriorSibling: new ListSource(graph.priorSiblings(focus)),
    YoungerSibling: new ListSource(graph.youngerSiblings(focus)),
    ReferringNote: new ListSource(graph.referrings(focus)),
    NoteInContextualPath: new ListSource(graph.ancestors(focus).slice(1)),
    NoteInObjectContextualPath: new ListSource(object === undefined ? [] : graph.ancestors(object)),
    ParentSibling: new ListSource(parent === undefined ? [] : spiral(graph.priorSiblings(parent), graph.youngerSiblings(parent))),
    ObjectParentSibling: new ListSource(
      objectParent === undefined ? [] : spiral(graph.priorSiblings(objectParent), graph.youngerSiblings(objectParent)),
    ),
    ReifiedChildObject: new DependencyQueue(),
    ReferringSubject: new DependencyQueue(),
    ParentSiblingChild: new DependencyQueue(),
    ObjectParentSiblingChild: new DependencyQueue(),
    NoteInReferringContextualPath: new DependencyQueue(),
    ReferringCousin: new DependencyQueue(),
  };

  /** The candidates an anchor gives to a relation fed by reached notes. */
  const candidatesOfAnchor = (relation: Relation, anchor: NoteData): NoteData[] => {
    switch (relation) {
      case 'ReifiedChildObject':
        return present([graph.object(anchor)]);
      case 'ReferringSubject':
        return present([graph.parent(anchor)]);
      case 'ParentSiblingChild':
      case 'ObjectParentSiblingChild':
        return graph.children(anchor);
      case 'NoteInReferringContextualPath':
        return graph.ancestors(anchor);
      case 'ReferringCousin':
        return graph.siblings(anchor);
      default:
        throw new Error(`${relation} is not fed by reached notes`);
    }
  };

  // Relations fed at the start are active at the start; the others when fed.
  const active = new Set<Relation>(TIERS.flat().filter((relation) => sources[relation] instanceof ListSource));
  const feedDependents = (relation: Relation, reached: NoteData) => {
    for (const dependent of DEPENDENTS[relation] ?? []) {
      (sources[dependent] as DependencyQueue).feed(candidatesOfAnchor(dependent, reached));
      active.add(dependent);
    }
  };

  // Rotation: the index in its tier of the relation each tier served last.
  const lastServed = TIERS.map(() => -1);
  const hasActive = (tier: number) => TIERS[tier]!.some((relation) => active.has(relation));
  const nextInRotation = (tier: number): Relation => {
    const relations = TIERS[tier]!;
    for (let step = 1; step <= relations.length; step++) {
      const index = (lastServed[tier]! + step) % relations.length;
      if (active.has(relations[index]!)) {
        lastServed[tier] = index;
        return relations[index]!;
      }
    }
    throw new Error('no active relation in the tier');
  };

  // Notes an earlier page returned count as already in relatedNotes.
  const inRelatedNotes = new Set<number>();
  const trace: ReferenceTrace = { reached: new Set(), addedCosts: [], duplicatesRecorded: 0, skippedCount: 0, endedAtZero: false, excludeUsed: false };
  for (const id of options.exclude ?? []) {
    if (graph.note(id) === undefined || id === focus.id) continue;
    inRelatedNotes.add(id);
    trace.excludeUsed = true;
  }

  const skipped: ReferenceOutcome['skipped'] = [];
  let remaining = options.budget;
  const record = (list: ListName, entryText: string) => {
    if (list === 'priorSiblings') result.focusNote.priorSiblings.unshift(entryText);
    else result.focusNote[list].push(entryText);
  };

  const walk = (): void => {
    if (remaining === 0) {
      trace.endedAtZero = true;
      return;
    }
    for (;;) {
      for (let tier = 0; tier < TIERS.length; tier++) {
        const quota = 5 - (tier + 1);
        let added = 0;
        while (added < quota && hasActive(tier)) {
          const relation = nextInRotation(tier);
          const candidate = sources[relation].next();
          if (candidate === undefined) {
            active.delete(relation);
            continue;
          }
          if (candidate.id === focus.id) continue;
          const list = FOCUS_LIST[relation];
          if (inRelatedNotes.has(candidate.id)) {
            if (list !== undefined) {
              const entryText = uriAndTitle(candidate);
              const cost = entryCost(list, entryText);
              if (cost <= remaining) {
                record(list, entryText);
                remaining -= cost;
                trace.duplicatesRecorded += 1;
                if (remaining === 0) {
                  trace.endedAtZero = true;
                  return;
                }
              }
            }
            feedDependents(relation, candidate);
            continue;
          }
          const note = bareNote(candidate, relation);
          const cost = noteCost(note, list);
          if (cost > remaining) {
            trace.skippedCount += 1;
            if (skipped.length < 10) skipped.push({ uri: `/n${candidate.id}`, relation, cost });
            continue;
          }
          result.relatedNotes.push(note);
          inRelatedNotes.add(candidate.id);
          trace.reached.add(relation);
          trace.addedCosts.push(cost);
          remaining -= cost;
          added += 1;
          if (list !== undefined) record(list, note.uriAndTitle);
          feedDependents(relation, candidate);
          if (remaining === 0) {
            trace.endedAtZero = true;
            return;
          }
        }
      }
      if (!TIERS.some((_, tier) => hasActive(tier))) return;
    }
  };
  walk();

  return { result, used: options.budget - remaining, skipped, trace };
}
