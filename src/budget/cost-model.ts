import { NOTE_SHAPES, type NoteShape } from '../model/note-shape.js';
import { focusListOf } from '../relationships/focus-lists.js';
import { RELATED_RELATIONS, type RelatedRelation } from '../relationships/relation.js';
import type { OutputFormat } from '../result/render.js';
import { jsonEntryPieceBytes, jsonListCloser, jsonNotePieceBytes } from '../result/render-json.js';
import { promptEntryPiece, promptNotePiece } from '../result/render-prompt.js';
import { detailsBlock } from '../result/details-block.js';
import type { ResultView } from '../result/result-view.js';
import type { BareNote } from '../result/graph-rag-result-schema.js';
import type { NoteRecord } from '../model/note-record.js';
import { relatedNoteOf } from '../result/related-note-of.js';
import { listEntryOf, type ListEntry } from './list-entry-of.js';
import type { ShownSize } from '../store/shown-size.js';
import { floorOf, MOST_BYTES_PER_TOKEN, SLOT, templateFloors, type TemplateFloor } from './template-floor.js';
import { estimateTokensOfBytes, type Tokenizer } from './tokenizer.js';
import { listEntryWindow, relatedNoteWindow, type Window } from './window.js';

/** What adding a piece to the output costs, in the build's tokenizer and format (spec section 5). */
export interface CostModel {
  /** A related note and, for relations with a focus list, its entry. */
  noteCost(note: BareNote, entry: ListEntry | undefined, result: ResultView): number;
  /** One entry of a focus list, for a note already in the result. */
  entryCost(entry: ListEntry, result: ResultView): number;
  /** No note of `relation` that shows `shown` costs less, whatever the result holds (the floors of `fit: shorten`). */
  noteFloor(relation: RelatedRelation, shown: ShownSize): number;
  /** No related note of any relation and shape costs less. */
  readonly cheapestNote: number;
  /**
   * What a note costs at least as a related note of `relation`, details cut to `detailsLimit`, wherever it is written
   * (a prepended entry counted as nothing); made once per model, relation and limit, so a store may keep its answers.
   */
  leastCost(relation: RelatedRelation, detailsLimit: number): (note: NoteRecord) => number;
  /** For each shape, the most text bytes and word starts a note of any relation may show and cost no more than `remaining`. */
  sizeLimits(remaining: number): { maxTextBytes: number[]; maxWordStarts: number[] };
}

const SMALLEST_LINK = '[](/n1)';
/** A link whose title is a text of the template. */
const SLOT_LINK = `[${SLOT}](/n1)`;

const models = new Map<string, CostModel>();

/** The cost model of a tokenizer and format; its floors take a few hundred counts, so each is made once. */
export function costModelFor(tokenizer: Tokenizer, format: OutputFormat): CostModel {
  const key = `${tokenizer.name}/${format}`;
  let model = models.get(key);
  if (!model) models.set(key, (model = makeCostModel(tokenizer, format)));
  return model;
}

function makeCostModel(tokenizer: Tokenizer, format: OutputFormat): CostModel {
  switch (tokenizer.name) {
    case 'one-per-note':
      return withFloors({ noteCost: () => 1, entryCost: () => 0, leastNoteCost: () => 1 }, () => ({
        note: () => 1,
        maxTextBytes: (_, remaining) => (remaining >= 1 ? Number.MAX_SAFE_INTEGER : -1),
        maxWordStarts: () => Number.MAX_SAFE_INTEGER,
      }));
    case 'estimate': {
      // Spec section 5 whatever the format: the piece's compact JSON plus its comma.
      const entryCost = (entry: ListEntry) => estimateTokensOfBytes(jsonEntryPieceBytes(entry.text));
      // A note's JSON piece holds the smallest piece of its relation and shape plus its text bytes at least.
      const noteCost = (note: BareNote, entry: ListEntry | undefined) => estimateTokensOfBytes(jsonNotePieceBytes(note)) + (entry ? entryCost(entry) : 0);
      return withFloors({ noteCost, entryCost, leastNoteCost: noteCost }, () => {
        // The smallest conceivable note: empty titles, one-digit ids, empty details.
        const smallest = floorTable((relation, shape) => jsonNotePieceBytes(noteOf(relation, shape, SMALLEST_LINK, '')));
        const smallestOfShape = everyShape((shape) => Math.min(...RELATED_RELATIONS.map((relation) => smallest[relation][shape]!)));
        return {
          note: (relation, shape, textBytes) => Math.ceil((smallest[relation][shape]! + textBytes) / 3.75),
          maxTextBytes: (shape, remaining) => Math.floor(remaining * 3.75) - smallestOfShape[shape]!,
          maxWordStarts: () => Number.MAX_SAFE_INTEGER,
        };
      });
    }
    case 'o200k':
    case 'cl100k':
      return format === 'json' ? jsonBpeModel(tokenizer) : promptBpeModel(tokenizer);
  }
}

/** Exact costs in the compact JSON, from windows (window.ts); floors: the window after at least, less the one before. */
function jsonBpeModel(tokenizer: Tokenizer): CostModel {
  const windowCost = ({ before, after }: Window) => tokenizer.count(after) - tokenizer.count(before);
  const entryCost = (entry: ListEntry, result: ResultView) =>
    windowCost(listEntryWindow(JSON.stringify(entry.text), entry.rule, result.list(entry.rule.list), jsonListCloser(entry.rule.list, result.focusPlace)));
  const floors = () => {
    const templateFloor = templateFloors(tokenizer);
    // What a note's entry adds at least, first in its list or not; none when prepended (its window holds the next title).
    const entryFloor = (relation: RelatedRelation) => {
      const rule = focusListOf(relation);
      if (!rule || rule.placement === 'prepend') return 0;
      const entries = [[], [SMALLEST_LINK]].map((list) => {
        const { before, after } = listEntryWindow(JSON.stringify(SLOT_LINK), rule, list, jsonListCloser(rule.list, undefined));
        return floorOf(templateFloor(after), 0, 0) - tokenizer.count(before);
      });
      return Math.max(0, Math.min(...entries));
    };
    const entryFloors = new Map(RELATED_RELATIONS.map((relation) => [relation, entryFloor(relation)]));
    return bpeFloors((relation, shape) =>
      [false, true].map((hasPrevious) => {
        const { before, after } = relatedNoteWindow(JSON.stringify(templateNote(relation, shape)), hasPrevious);
        const note = templateFloor(after);
        return { ...note, exact: note.exact + entryFloors.get(relation)!, replaced: tokenizer.count(before) };
      }),
    );
  };
  // The least a note's own piece adds, first or after others: both windows split before its first key (window.ts),
  // so they differ only in what comes before it, counted once per model.
  const FIRST_KEY = '{"uriAndTitle"';
  let leastOpening: number | undefined;
  const leastNoteWindowCost = (json: string) => {
    if (!json.startsWith(FIRST_KEY)) return Math.min(windowCost(relatedNoteWindow(json, false)), windowCost(relatedNoteWindow(json, true)));
    leastOpening ??= Math.min(
      ...[false, true].map((hasPrevious) => {
        const { before, after } = relatedNoteWindow(FIRST_KEY, hasPrevious);
        return tokenizer.count(after.slice(0, after.indexOf(FIRST_KEY) + 2)) - tokenizer.count(before);
      }),
    );
    const { after } = relatedNoteWindow(json, false);
    return leastOpening + tokenizer.count(after.slice(after.indexOf(FIRST_KEY) + 2));
  };
  // The least an entry adds: appended, first of its list or after others, before whatever may follow the list.
  const leastEntryCost = (entry: ListEntry) => {
    if (entry.rule.placement === 'prepend') return 0;
    const text = JSON.stringify(entry.text);
    const closers = new Set([jsonListCloser(entry.rule.list, undefined), jsonListCloser(entry.rule.list, { index: 0, of: 2 }), jsonListCloser(entry.rule.list, { index: 1, of: 2 })]);
    let least = Number.POSITIVE_INFINITY;
    for (const closer of closers) {
      for (const list of [[], [SMALLEST_LINK]]) least = Math.min(least, windowCost(listEntryWindow(text, entry.rule, list, closer)));
    }
    return least;
  };
  return withFloors(
    {
      noteCost: (note, entry, result) =>
        windowCost(relatedNoteWindow(JSON.stringify(note), result.relatedCount > 0)) + (entry ? entryCost(entry, result) : 0),
      entryCost,
      leastNoteCost: (note, entry) => leastNoteWindowCost(JSON.stringify(note)) + (entry ? leastEntryCost(entry) : 0),
    },
    floors,
  );
}

/** Exact costs in the prompt, where a piece adds its own tokens; floors: its template's, details counted as text. */
function promptBpeModel(tokenizer: Tokenizer): CostModel {
  const entryCost = (entry: ListEntry) => tokenizer.count(promptEntryPiece(entry.text));
  const noteCost = (note: BareNote, entry: ListEntry | undefined) => tokenizer.count(promptNotePiece(note)) + (entry ? entryCost(entry) : 0);
  return withFloors({ noteCost, entryCost, leastNoteCost: noteCost }, () => {
    const templateFloor = templateFloors(tokenizer);
    const entry = templateFloor(promptEntryPiece(SLOT_LINK));
    return bpeFloors((relation, shape) => {
      const note = templateNote(relation, shape);
      const piece = promptNotePiece(note).replace(note.details === undefined ? '' : detailsBlock(note.details), note.details ?? '');
      const { exact, textStretches, fixedBytesAroundText } = templateFloor(piece);
      const listed = focusListOf(relation) ? entry : { exact: 0, textStretches: 0 };
      return [{ exact: exact + listed.exact, textStretches: textStretches + listed.textStretches, fixedBytesAroundText, replaced: 0 }];
    });
  });
}

/** A template's floor, less the tokens of the text its window replaces (JSON), in one layout. */
interface LayoutFloor extends TemplateFloor {
  readonly replaced: number;
}

/** A note costs at least its template's floor in every layout it may take; the size limits take the most lenient. */
function bpeFloors(layoutsOf: (relation: RelatedRelation, shape: NoteShape) => LayoutFloor[]): Floors {
  const layouts = floorTable(layoutsOf);
  const all = (shape: NoteShape) => RELATED_RELATIONS.flatMap((relation) => layouts[relation][shape]!);
  const bytesOver = everyShape((shape) =>
    Math.max(...all(shape).map((layout) => (layout.replaced - layout.exact) * MOST_BYTES_PER_TOKEN - layout.fixedBytesAroundText)),
  );
  const wordStartsOver = everyShape((shape) => Math.max(...all(shape).map((layout) => layout.replaced - layout.exact - layout.textStretches)));
  return {
    note: (relation, shape, textBytes, wordStarts) => {
      let least = Number.POSITIVE_INFINITY;
      for (const layout of layouts[relation][shape]!) least = Math.min(least, floorOf(layout, wordStarts, textBytes) - layout.replaced);
      return least;
    },
    maxTextBytes: (shape, remaining) => remaining * MOST_BYTES_PER_TOKEN + bytesOver[shape]!,
    maxWordStarts: (shape, remaining) => remaining + wordStartsOver[shape]!,
  };
}

/** A model's exact costs, and the least of a note's costs wherever it is written. */
interface Costs extends Pick<CostModel, 'noteCost' | 'entryCost'> {
  leastNoteCost(note: BareNote, entry: ListEntry | undefined): number;
}

/** Lower bounds of a model's note costs. */
interface Floors {
  note(relation: RelatedRelation, shape: NoteShape, textBytes: number, wordStarts: number): number;
  maxTextBytes(shape: NoteShape, remaining: number): number;
  maxWordStarts(shape: NoteShape, remaining: number): number;
}

/** A model from its costs and floors, made on first use (a few hundred counts for a BPE model): many builds never need them. */
function withFloors(costs: Costs, makeFloors: () => Floors): CostModel {
  let made: { floors: Floors; cheapestNote: number } | undefined;
  const floors = () => {
    if (!made) {
      const floors = makeFloors();
      made = { floors, cheapestNote: Math.min(...RELATED_RELATIONS.flatMap((relation) => everyShape((shape) => floors.note(relation, shape, 0, 0)))) };
    }
    return made;
  };
  const leastCosts = new Map<string, (note: NoteRecord) => number>();
  return {
    noteCost: costs.noteCost,
    entryCost: costs.entryCost,
    leastCost: (relation, detailsLimit) => {
      const key = `${relation}/${detailsLimit}`;
      let of = leastCosts.get(key);
      if (!of) {
        of = (note) => costs.leastNoteCost(relatedNoteOf(note, relation, detailsLimit, undefined), listEntryOf(relation, note));
        leastCosts.set(key, of);
      }
      return of;
    },
    noteFloor: (relation, shown) => floors().floors.note(relation, shown.shape, shown.textBytes, shown.wordStarts),
    get cheapestNote() {
      return floors().cheapestNote;
    },
    sizeLimits: (remaining) => ({
      maxTextBytes: everyShape((shape) => floors().floors.maxTextBytes(shape, remaining)),
      maxWordStarts: everyShape((shape) => floors().floors.maxWordStarts(shape, remaining)),
    }),
  };
}

function floorTable<T>(of: (relation: RelatedRelation, shape: NoteShape) => T): Record<RelatedRelation, T[]> {
  return Object.fromEntries(RELATED_RELATIONS.map((relation) => [relation, everyShape((shape) => of(relation, shape))])) as Record<RelatedRelation, T[]>;
}

/** A note of a relation and shape with every link `link` and details `details`. */
function noteOf(relation: RelatedRelation, shape: NoteShape, link: string, details: string): BareNote {
  return {
    uriAndTitle: link,
    ...(shape & 1 ? { details } : {}),
    ...(shape & 2 ? { parentUriAndTitle: link } : {}),
    ...(shape & 4 ? { objectUriAndTitle: link } : {}),
    relationToFocusNote: relation,
  };
}

/** The template of a note of a relation and shape: every text a {@link SLOT}. */
const templateNote = (relation: RelatedRelation, shape: NoteShape) => noteOf(relation, shape, SLOT_LINK, SLOT);

function everyShape<T>(of: (shape: NoteShape) => T): T[] {
  return Array.from({ length: NOTE_SHAPES }, (_, shape) => of(shape));
}
