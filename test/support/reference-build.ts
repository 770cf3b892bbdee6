/**
 * An independent reference implementation of spec sections 1–5, 9 and 10 (docs: the behavioural
 * spec, context-builder.md), written from the spec alone to check `buildContext` against.
 *
 * It shares no cursor, strategy, loader, iterator, ledger or cost-model code with `src/`: from
 * `src/` it takes only the result types, the two renderers (they define the output formats) and
 * the fixture type. It is written to be read next to the spec, not to be fast: it rescans the
 * whole fixture for every question and, with `o200k` and `cl100k`, re-renders and re-counts the
 * whole output for every price (every try of a shortening search included).
 *
 * Where section 9 is silent, the reference decides (and the library is held to it):
 * - `focus` given as a number builds a `GraphRAGResult`, as a list (even of one) a
 *   `MultiFocusResult`; `relations` and `fit` apply to both.
 * - A related note of a `MultiFocusResult` has its keys in this order: `uriAndTitle`, `details`,
 *   `parentUriAndTitle`, `objectUriAndTitle`, `relationToFocusNote`, `focus`; `focus` is the uri
 *   `/n{id}` of the focus whose relation reached it. The result's keys: `focusNotes`, `relatedNotes`.
 * - The ledger `added` is in every report, default builds included (an empty list when nothing was
 *   added). A piece's keys, in this order: `uri`, `relation`, `cost`, `kind`, then `via` (notes of
 *   relations fed by reached notes only: the anchor's uri `/n{id}`), `shortened` (only when true:
 *   absent, never `false`), `focus` (only when focus is a list: the uri `/n{id}`). An `entry` never
 *   carries `via` (only start-fed relations have focus lists) nor `shortened`. A `skipped` entry
 *   is `{ uri, relation, cost }`, plus `focus` when focus is a list. `cost` of a note includes its
 *   focus-list entry; an entry's cost is its own (0 under `one-per-note`).
 * - `focusCost`: `o200k`/`cl100k` count the output with every focus note and no related note;
 *   `estimate` is the spec's formula, `ceil(utf8Bytes(JSON.stringify(focusNote)) / 3.75)` (the
 *   `focusNotes` array for several foci), whatever the format; `one-per-note` 0. (The library
 *   today estimates the whole focus-only output in the format priced for, a few tokens more.)
 * - Shortening: M counts the code points of the details as stored (Array.from: a lone surrogate
 *   is one code point), the cut keeps the first L of them and appends `...`; with M < 2 (details
 *   absent, empty or one code point, or a truncation length below 2) no search runs and the note
 *   is skipped as section 4 says. A shortened note's cost in `added` is the cost of the cut that
 *   was added. A duplicate is never shortened (it is not a new candidate).
 * - Several foci: an `exclude`d id that is one of the foci is ignored (as the single focus is);
 *   the `NoteNotFound` outcome names the first focus, in the given order, that is not visible.
 * - The prompt of a `MultiFocusResult` is laid out as `referenceMultiFocusPrompt` says
 *   (test/support/reference-multi-focus-prompt.ts): the single prompt's blocks, every focus note
 *   under `# Focus notes`, and a `Focus: /n{id}` line after each related note's `Relation:` line.
 * - Links (section 10) are read from the fixture's details, which hold them in full, with the rule
 *   written out in test/support/reference-links.ts (nothing of `src/links`). The link relations
 *   are used when `links` is true or when `relations` names them; `links` alone adds all three to
 *   the relations in effect. `LinkingNote` offers the visible notes whose details link to the
 *   focus note, ascending id, the focus note itself included (it is then passed over as any
 *   appearance of the focus note is). With `links` absent or false and no link relation named,
 *   the build is the build of sections 1–9, byte for byte.
 */
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { renderJson } from '../../src/result/render-json.js';
import { renderPrompt } from '../../src/result/render-prompt.js';
import type { BareNote, FocusNote, GraphRAGResult } from '../../src/result/graph-rag-result-schema.js';
import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';
import { referenceLinkedNotes } from './reference-links.js';
import { referenceMultiFocusPrompt } from './reference-multi-focus-prompt.js';

export interface ReferenceOptions {
  /** One id: a `GraphRAGResult`; a list of 1 to 10 distinct ids: a `MultiFocusResult`. */
  focus: number | number[];
  budget: number;
  tokenizer: 'o200k' | 'cl100k' | 'estimate' | 'one-per-note';
  /** Default 1000. */
  truncate?: number;
  readableNotebooks?: number[];
  exclude?: number[];
  /** Default json. */
  format?: 'json' | 'prompt';
  /** The relations the build may use; default all sixteen. */
  relations?: readonly Relation[];
  /** Default skip. */
  fit?: 'skip' | 'shorten';
  /** Default false: true adds the three link relations of section 10 to the relations in effect. */
  links?: boolean;
  /** How a `MultiFocusResult` is written in the prompt format; default the reference's layout. */
  multiFocusPrompt?: (result: ReferenceMultiFocusResult) => string;
}

/** A related note of a `MultiFocusResult`: `focus` names the focus whose relation reached it. */
export type ReferenceFocusedNote = BareNote & { focus: string };

export interface ReferenceMultiFocusResult {
  focusNotes: FocusNote[];
  relatedNotes: ReferenceFocusedNote[];
}

/** A piece of the ledger, keys in the order written. */
export interface LedgerPiece {
  uri: string;
  relation: Relation;
  cost: number;
  kind: 'note' | 'entry';
  via?: string;
  shortened?: true;
  focus?: string;
}

export interface SkippedPiece {
  uri: string;
  relation: Relation;
  cost: number;
  focus?: string;
}

export interface ReferenceOutcome<R = GraphRAGResult> {
  result: R;
  used: number;
  /** Tokens of the output with the focus note(s) and no related note; 0 under one-per-note. */
  focusCost: number;
  /** The first 10 candidates section 4 reports as skipped, in walk order. */
  skipped: SkippedPiece[];
  /** The ledger: every piece added, in order; the costs add up to `used`. */
  added: LedgerPiece[];
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
  /** Candidates each relation offered (every focus together). */
  offered: Map<Relation, number>;
  /** Notes added with their details cut by the shortening search. */
  shortened: number;
  /** Shortening searches that found no length that fits. */
  searchesFailed: number;
  /** Candidates that were another focus note. */
  focusMetAsCandidate: number;
  /** Notes of relatedNotes offered by the relations of two foci or more. */
  reachedFromTwoFoci: number;
  /** Candidates each relation offered that were already in relatedNotes, excluded or another focus. */
  duplicates: Map<Relation, number>;
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

/** The relations links give (section 10); a build uses them only when it asks for them. */
export const REFERENCE_LINK_RELATIONS = ['LinkedNote', 'LinkingNote', 'LinkedNoteLink'] as const;

/** One of the sixteen relations of section 3, the note graph's own. */
export type GraphRelation = (typeof REFERENCE_RELATIONS)[number];

/** A related relation: one of the sixteen of section 3 or a link relation of section 10. */
export type Relation = GraphRelation | (typeof REFERENCE_LINK_RELATIONS)[number];

const ALL_RELATIONS: readonly Relation[] = [...REFERENCE_RELATIONS, ...REFERENCE_LINK_RELATIONS];

/** Tier p is TIERS[p − 1], its relations in rotation order; its quota is 5 − p. */
const TIERS: Relation[][] = [
  ['Parent', 'Object', 'LinkedNote'],
  ['Child', 'PriorSibling', 'YoungerSibling', 'ReferringNote', 'NoteInContextualPath', 'NoteInObjectContextualPath', 'LinkingNote'],
  ['ParentSibling', 'ObjectParentSibling', 'ReifiedChildObject', 'ReferringSubject', 'LinkedNoteLink'],
  ['ParentSiblingChild', 'ObjectParentSiblingChild', 'NoteInReferringContextualPath', 'ReferringCousin'],
];

/** Which relations a reached note of a relation feeds as an anchor. */
const DEPENDENTS: Partial<Record<Relation, Relation[]>> = {
  Child: ['ReifiedChildObject'],
  LinkedNote: ['LinkedNoteLink'],
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

  /** The visible notes `note`'s details link to, each once, in the order of the first link to each. */
  linkedNotes(note: NoteData): NoteData[] {
    return referenceLinkedNotes(note, this.visibleNotes());
  }

  /** The visible notes whose details link to `note`, ascending id. */
  linkingNotes(note: NoteData): NoteData[] {
    return this.visibleNotes()
      .filter((other) => this.linkedNotes(other).some((linked) => linked.id === note.id))
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

/** A candidate and, for a relation fed by reached notes, the anchor that offered it. */
interface Offer {
  candidate: NoteData;
  anchor?: NoteData;
}

interface CandidateSource {
  /** The next candidate, consumed; undefined when there is none left. */
  next(): Offer | undefined;
}

class ListSource implements CandidateSource {
  private position = 0;

  constructor(private readonly candidates: NoteData[]) {}

  next(): Offer | undefined {
    const candidate = this.candidates[this.position];
    this.position += 1;
    return candidate === undefined ? undefined : { candidate };
  }
}

/**
 * The dependency queue: anchors in the order they were reached and a cursor walking them round
 * and round, one candidate per anchor; an anchor with nothing left is dropped. The cursor wraps
 * to the first anchor only when it is asked past the last one, so an anchor appended meanwhile is
 * reached before the wrap: first candidates of every anchor, then second ones, and so on.
 */
class DependencyQueue implements CandidateSource {
  private readonly anchors: { anchor: NoteData; candidates: NoteData[]; taken: number }[] = [];
  private cursor = 0;

  feed(anchor: NoteData, candidates: NoteData[]): void {
    this.anchors.push({ anchor, candidates, taken: 0 });
  }

  next(): Offer | undefined {
    while (this.anchors.length > 0) {
      if (this.cursor >= this.anchors.length) this.cursor = 0;
      const entry = this.anchors[this.cursor]!;
      if (entry.taken === entry.candidates.length) {
        // Dropped: the following anchor moves under the cursor.
        this.anchors.splice(this.cursor, 1);
        continue;
      }
      const candidate = entry.candidates[entry.taken]!;
      entry.taken += 1;
      this.cursor += 1;
      return { candidate, anchor: entry.anchor };
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
// Sections 2, 4 and 9: the build

/** A shortened note's details: the first `length` code points, then `...`. */
function cutTo(details: string, length: number): string {
  return `${Array.from(details).slice(0, length).join('')}...`;
}

/** One focus: its own sources, active relations, rotation and focus lists (section 9). */
interface Focus {
  note: NoteData;
  uri: string;
  /** Its place in `focusNotes` (0 for a single focus). */
  index: number;
  sources: Record<Relation, CandidateSource>;
  active: Set<Relation>;
  /** Rotation: the index in its tier of the relation each tier served last. */
  lastServed: number[];
}

/** The result as it stands, whatever its shape. */
interface State {
  focusNotes: FocusNote[];
  relatedNotes: BareNote[];
}

type AnyResult = GraphRAGResult | ReferenceMultiFocusResult;

/** The first focus, in the given order, that is not visible; undefined when every one is. */
export function firstInvisibleFocus(fixture: Fixture, options: Pick<ReferenceOptions, 'focus' | 'readableNotebooks'>): number | undefined {
  const graph = new Graph(fixture, options.readableNotebooks);
  return [options.focus].flat().find((id) => graph.note(id) === undefined);
}

export function referenceBuild(fixture: Fixture, options: ReferenceOptions & { focus: number }): ReferenceOutcome | 'NoteNotFound';
export function referenceBuild(
  fixture: Fixture,
  options: ReferenceOptions & { focus: number[] },
): ReferenceOutcome<ReferenceMultiFocusResult> | 'NoteNotFound';
export function referenceBuild(fixture: Fixture, options: ReferenceOptions): ReferenceOutcome<AnyResult> | 'NoteNotFound';
export function referenceBuild(fixture: Fixture, options: ReferenceOptions): ReferenceOutcome<AnyResult> | 'NoteNotFound' {
  const truncate = options.truncate ?? 1000;
  const format = options.format ?? 'json';
  const fit = options.fit ?? 'skip';
  const several = Array.isArray(options.focus);
  const focusIds = [options.focus].flat();
  if (focusIds.length < 1 || focusIds.length > 10 || new Set(focusIds).size !== focusIds.length) {
    throw new Error('focus: 1 to 10 distinct notes');
  }
  if (options.relations !== undefined && (options.relations.length === 0 || options.relations.some((r) => !ALL_RELATIONS.includes(r)))) {
    throw new Error('relations: a non-empty list of related relations');
  }
  const allowed = new Set<Relation>([...(options.relations ?? REFERENCE_RELATIONS), ...(options.links === true ? REFERENCE_LINK_RELATIONS : [])]);
  const graph = new Graph(fixture, options.readableNotebooks);
  const focusData: NoteData[] = [];
  for (const id of focusIds) {
    const note = graph.note(id);
    if (note === undefined) return 'NoteNotFound';
    focusData.push(note);
  }
  const focusIdSet = new Set(focusIds);

  /** A related note as section 2 shows it, or with its details cut to `cut` code points. */
  const bareNote = (note: NoteData, relation: Relation, focusUri: string | undefined, cut?: number): BareNote => {
    const parent = graph.parent(note);
    const object = graph.object(note);
    const hasDetails = note.details !== undefined && note.details !== '';
    const shown = !hasDetails ? undefined : cut === undefined ? truncated(note.details!, truncate) : cutTo(note.details!, cut);
    return {
      uriAndTitle: uriAndTitle(note),
      ...(shown !== undefined && { details: shown }),
      ...(parent !== undefined && { parentUriAndTitle: uriAndTitle(parent) }),
      ...(object !== undefined && { objectUriAndTitle: uriAndTitle(object) }),
      // The result types name the sixteen relations of section 3; a link relation is written in
      // the same field.
      relationToFocusNote: relation as BareNote['relationToFocusNote'],
      ...(focusUri !== undefined && { focus: focusUri }),
    };
  };

  const focusNoteOf = (focus: NoteData): FocusNote => {
    const parent = graph.parent(focus);
    const object = graph.object(focus);
    return {
      uriAndTitle: uriAndTitle(focus),
      ...(focus.details !== undefined && focus.details !== '' && { details: focus.details }),
      ...(parent !== undefined && { parentUriAndTitle: uriAndTitle(parent) }),
      ...(object !== undefined && { objectUriAndTitle: uriAndTitle(object) }),
      relationToFocusNote: 'Self',
      contextualPath: graph.ancestors(focus).reverse().map(uriAndTitle),
      children: [],
      referrings: [],
      priorSiblings: [],
      youngerSiblings: [],
    };
  };

  // The result as it stands.
  const state: State = { focusNotes: focusData.map(focusNoteOf), relatedNotes: [] };
  const shape = (value: State): AnyResult =>
    several
      ? { focusNotes: value.focusNotes, relatedNotes: value.relatedNotes as ReferenceFocusedNote[] }
      : { focusNote: value.focusNotes[0]!, relatedNotes: value.relatedNotes };

  type Entry = { focus: number; list: ListName; uriAndTitle: string };
  const recordIn = (value: State, entry: Entry) => {
    const focusNote = value.focusNotes[entry.focus]!;
    if (entry.list === 'priorSiblings') focusNote.priorSiblings.unshift(entry.uriAndTitle);
    else focusNote[entry.list].push(entry.uriAndTitle);
  };
  /** A copy of `base` with the entry recorded in its list (PriorSibling prepended) and the note appended. */
  const withAdded = (base: State, entry: Entry | undefined, note?: BareNote): State => {
    const copy: State = structuredClone(base);
    if (entry !== undefined) recordIn(copy, entry);
    if (note !== undefined) copy.relatedNotes.push(note);
    return copy;
  };

  const multiFocusPrompt = options.multiFocusPrompt ?? referenceMultiFocusPrompt;
  const render = (value: State): string => {
    const result = shape(value);
    if ('focusNote' in result) return format === 'json' ? renderJson(result) : renderPrompt(result);
    return format === 'json' ? JSON.stringify(result) : multiFocusPrompt(result);
  };
  const bpe = options.tokenizer === 'o200k' ? countO200k : options.tokenizer === 'cl100k' ? countCl100k : undefined;
  const tokens = (value: State) => bpe!(render(value), { disallowedSpecial: new Set() });
  /** tokens(state), kept until the state changes. */
  let stateTokens: number | undefined;
  const tokensNow = () => (stateTokens ??= tokens(state));

  /** What a new related note (with its focus-list entry, if any) costs. */
  const noteCost = (note: BareNote, entry: Entry | undefined): number => {
    switch (options.tokenizer) {
      case 'one-per-note':
        return 1;
      case 'estimate':
        return estimateOf(JSON.stringify(note)) + (entry === undefined ? 0 : estimateOf(JSON.stringify(entry.uriAndTitle)));
      default:
        return tokens(withAdded(state, entry, note)) - tokensNow();
    }
  };

  /** What a focus-list entry alone costs. */
  const entryCost = (entry: Entry): number => {
    switch (options.tokenizer) {
      case 'one-per-note':
        return 0;
      case 'estimate':
        return estimateOf(JSON.stringify(entry.uriAndTitle));
      default:
        return tokens(withAdded(state, entry)) - tokensNow();
    }
  };

  const focusCost =
    options.tokenizer === 'one-per-note'
      ? 0
      : options.tokenizer === 'estimate'
        ? Math.ceil(utf8Bytes(JSON.stringify(several ? state.focusNotes : state.focusNotes[0])) / 3.75)
        : tokensNow();

  const present = (notes: (NoteData | undefined)[]) => notes.filter((note): note is NoteData => note !== undefined);

  /** Candidate sources of every relation, around one focus note. */
  const sourcesAround = (focus: NoteData): Record<Relation, CandidateSource> => {
    const parent = graph.parent(focus);
    const object = graph.object(focus);
    const objectParent = object === undefined ? undefined : graph.parent(object);
    return {
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
      // Read only when used: the rule rescans every note.
      LinkedNote: new ListSource(allowed.has('LinkedNote') ? graph.linkedNotes(focus) : []),
      LinkingNote: new ListSource(allowed.has('LinkingNote') ? graph.linkingNotes(focus) : []),
      ReifiedChildObject: new DependencyQueue(),
      ReferringSubject: new DependencyQueue(),
      ParentSiblingChild: new DependencyQueue(),
      ObjectParentSiblingChild: new DependencyQueue(),
      NoteInReferringContextualPath: new DependencyQueue(),
      ReferringCousin: new DependencyQueue(),
      LinkedNoteLink: new DependencyQueue(),
    };
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
      case 'LinkedNoteLink':
        return graph.linkedNotes(anchor);
      default:
        throw new Error(`${relation} is not fed by reached notes`);
    }
  };

  // Relations fed at the start are active at the start, the others when fed; a relation left out
  // of `relations` never is.
  const foci: Focus[] = focusData.map((note, index) => {
    const sources = sourcesAround(note);
    return {
      note,
      uri: `/n${note.id}`,
      index,
      sources,
      active: new Set(TIERS.flat().filter((relation) => allowed.has(relation) && sources[relation] instanceof ListSource)),
      lastServed: TIERS.map(() => -1),
    };
  });
  const feedDependents = (focus: Focus, relation: Relation, reached: NoteData) => {
    for (const dependent of DEPENDENTS[relation] ?? []) {
      if (!allowed.has(dependent)) continue;
      (focus.sources[dependent] as DependencyQueue).feed(reached, candidatesOfAnchor(dependent, reached));
      focus.active.add(dependent);
    }
  };

  const hasActive = (focus: Focus, tier: number) => TIERS[tier]!.some((relation) => focus.active.has(relation));
  const nextInRotation = (focus: Focus, tier: number): Relation => {
    const relations = TIERS[tier]!;
    for (let step = 1; step <= relations.length; step++) {
      const index = (focus.lastServed[tier]! + step) % relations.length;
      if (focus.active.has(relations[index]!)) {
        focus.lastServed[tier] = index;
        return relations[index]!;
      }
    }
    throw new Error('no active relation in the tier');
  };

  // Notes an earlier page returned count as already in relatedNotes.
  const inRelatedNotes = new Set<number>();
  const trace: ReferenceTrace = {
    reached: new Set(),
    addedCosts: [],
    duplicatesRecorded: 0,
    skippedCount: 0,
    endedAtZero: false,
    excludeUsed: false,
    offered: new Map(ALL_RELATIONS.map((relation) => [relation, 0])),
    shortened: 0,
    searchesFailed: 0,
    focusMetAsCandidate: 0,
    reachedFromTwoFoci: 0,
    duplicates: new Map(ALL_RELATIONS.map((relation) => [relation, 0])),
  };
  for (const id of options.exclude ?? []) {
    if (graph.note(id) === undefined || focusIdSet.has(id)) continue;
    inRelatedNotes.add(id);
    trace.excludeUsed = true;
  }
  /** For each candidate, the foci whose relations offered it. */
  const offeredBy = new Map<number, Set<number>>();

  const skipped: SkippedPiece[] = [];
  const added: LedgerPiece[] = [];
  let remaining = options.budget;

  /** Section 9's search for the longest cut that fits; undefined when none does. */
  const shorten = (candidate: NoteData, relation: Relation, entry: Entry | undefined, focusUri: string | undefined) => {
    const length = Math.min(Array.from(candidate.details ?? '').length, truncate);
    if (length < 2) return undefined;
    let lo = 1;
    let hi = length - 1;
    let best: { note: BareNote; cost: number } | undefined;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      const note = bareNote(candidate, relation, focusUri, mid);
      const cost = noteCost(note, entry);
      if (cost <= remaining) {
        best = { note, cost };
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (best === undefined) trace.searchesFailed += 1;
    return best;
  };

  /** The inner loop of section 4 for one focus and one tier; false when remaining reached 0. */
  const serveTier = (focus: Focus, tier: number): boolean => {
    const quota = 5 - (tier + 1);
    const focusUri = several ? focus.uri : undefined;
    let count = 0;
    while (count < quota && hasActive(focus, tier)) {
      const relation = nextInRotation(focus, tier);
      const offer = focus.sources[relation].next();
      if (offer === undefined) {
        focus.active.delete(relation);
        continue;
      }
      const { candidate, anchor } = offer;
      trace.offered.set(relation, trace.offered.get(relation)! + 1);
      if (candidate.id === focus.note.id) continue;
      const by = offeredBy.get(candidate.id) ?? new Set<number>();
      offeredBy.set(candidate.id, by.add(focus.index));
      const list = FOCUS_LIST[relation];
      const entry = list === undefined ? undefined : { focus: focus.index, list, uriAndTitle: uriAndTitle(candidate) };
      const anotherFocus = focusIdSet.has(candidate.id);
      if (anotherFocus) trace.focusMetAsCandidate += 1;
      if (anotherFocus || inRelatedNotes.has(candidate.id)) {
        trace.duplicates.set(relation, trace.duplicates.get(relation)! + 1);
        if (entry !== undefined) {
          const cost = entryCost(entry);
          if (cost <= remaining) {
            recordIn(state, entry);
            stateTokens = undefined;
            remaining -= cost;
            added.push({ uri: `/n${candidate.id}`, relation, cost, kind: 'entry', ...(focusUri !== undefined && { focus: focusUri }) });
            trace.duplicatesRecorded += 1;
            if (remaining === 0) return false;
          }
        }
        feedDependents(focus, relation, candidate);
        continue;
      }
      let note = bareNote(candidate, relation, focusUri);
      let cost = noteCost(note, entry);
      let shortened = false;
      if (cost > remaining) {
        const cut = fit === 'shorten' ? shorten(candidate, relation, entry, focusUri) : undefined;
        if (cut === undefined) {
          trace.skippedCount += 1;
          if (skipped.length < 10) skipped.push({ uri: `/n${candidate.id}`, relation, cost, ...(focusUri !== undefined && { focus: focusUri }) });
          continue;
        }
        ({ note, cost } = cut);
        shortened = true;
        trace.shortened += 1;
      }
      state.relatedNotes.push(note);
      if (entry !== undefined) recordIn(state, entry);
      stateTokens = undefined;
      inRelatedNotes.add(candidate.id);
      trace.reached.add(relation);
      trace.addedCosts.push(cost);
      remaining -= cost;
      count += 1;
      added.push({
        uri: `/n${candidate.id}`,
        relation,
        cost,
        kind: 'note',
        ...(anchor !== undefined && { via: `/n${anchor.id}` }),
        ...(shortened && { shortened: true as const }),
        ...(focusUri !== undefined && { focus: focusUri }),
      });
      feedDependents(focus, relation, candidate);
      if (remaining === 0) return false;
    }
    return true;
  };

  const walk = (): void => {
    if (remaining === 0) {
      trace.endedAtZero = true;
      return;
    }
    for (;;) {
      for (const focus of foci) {
        for (let tier = 0; tier < TIERS.length; tier++) {
          if (!serveTier(focus, tier)) {
            trace.endedAtZero = true;
            return;
          }
        }
      }
      if (!foci.some((focus) => TIERS.some((_, tier) => hasActive(focus, tier)))) return;
    }
  };
  walk();

  const addedIds = new Set(state.relatedNotes.map((note) => Number(/\(\/n(\d+)\)$/.exec(note.uriAndTitle)![1])));
  trace.reachedFromTwoFoci = [...addedIds].filter((id) => (offeredBy.get(id)?.size ?? 0) >= 2).length;

  return { result: shape(state), used: options.budget - remaining, focusCost, skipped, added, trace };
}
