import { NOTE_SHAPES, type NoteShape } from '../model/note-shape.js';
import { focusListOf, type FocusListRule } from '../relationships/focus-lists.js';
import { RELATED_RELATIONS, type RelatedRelation } from '../relationships/relation.js';
import type { OutputFormat } from '../result/render.js';
import { jsonEntryPieceBytes, jsonListCloser, jsonNotePieceBytes } from '../result/render-json.js';
import { promptEntryPiece, promptNotePiece } from '../result/render-prompt.js';
import { detailsBlock } from '../result/details-block.js';
import type { ResultView } from '../result/result-view.js';
import type { BareNote } from '../result/schema.js';
import type { ShownSize } from '../store/shown-size.js';
import { floorOf, MOST_BYTES_PER_TOKEN, SLOT, templateFloors, type TemplateFloor } from './template-floor.js';
import { estimateTokensOfBytes, type Tokenizer } from './tokenizer.js';
import { listEntryWindow, relatedNoteWindow, type Window } from './window.js';

/** An entry for a focus list: the list's rule and the note's `uriAndTitle`. */
export interface ListEntry {
  readonly rule: FocusListRule;
  readonly text: string;
}

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
      return withFloors({ noteCost: () => 1, entryCost: () => 0 }, () => ({
        note: () => 1,
        maxTextBytes: (_, remaining) => (remaining >= 1 ? Number.MAX_SAFE_INTEGER : -1),
        maxWordStarts: () => Number.MAX_SAFE_INTEGER,
      }));
    case 'estimate': {
      // Spec section 5 whatever the format: the piece's compact JSON plus its comma.
      const entryCost = (entry: ListEntry) => estimateTokensOfBytes(jsonEntryPieceBytes(entry.text));
      // A note's JSON piece is at least the smallest piece of its relation and shape plus its text bytes.
      return withFloors(
        { noteCost: (note, entry) => estimateTokensOfBytes(jsonNotePieceBytes(note)) + (entry ? entryCost(entry) : 0), entryCost },
        () => {
          const smallest = floorTable((relation, shape) => jsonNotePieceBytes(smallestNote(relation, shape)));
          const smallestOfShape = everyShape((shape) => Math.min(...RELATED_RELATIONS.map((relation) => smallest[relation][shape]!)));
          return {
            note: (relation, shape, textBytes) => Math.ceil((smallest[relation][shape]! + textBytes) / 3.75),
            maxTextBytes: (shape, remaining) => Math.floor(remaining * 3.75) - smallestOfShape[shape]!,
            maxWordStarts: () => Number.MAX_SAFE_INTEGER,
          };
        },
      );
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
    // What a note's focus-list entry adds at least, first in its list or not; none for a prepended
    // entry, whose window holds the unknown title of the entry it goes before.
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
    return floorTable((relation, shape) =>
      [false, true].map((hasPrevious) => {
        const { before, after } = relatedNoteWindow(JSON.stringify(templateNote(relation, shape)), hasPrevious);
        const note = templateFloor(after);
        return { ...note, exact: note.exact + entryFloors.get(relation)!, replaced: tokenizer.count(before) };
      }),
    );
  };
  return withFloors(
    {
      noteCost: (note, entry, result) =>
        windowCost(relatedNoteWindow(JSON.stringify(note), result.relatedCount > 0)) + (entry ? entryCost(entry, result) : 0),
      entryCost,
    },
    () => bpeFloors(floors()),
  );
}

/** Exact costs in the prompt, where a piece adds its own tokens; floors: its template's, details counted as text. */
function promptBpeModel(tokenizer: Tokenizer): CostModel {
  const entryCost = (entry: ListEntry) => tokenizer.count(promptEntryPiece(entry.text));
  const floors = () => {
    const templateFloor = templateFloors(tokenizer);
    const entry = templateFloor(promptEntryPiece(SLOT_LINK));
    return floorTable((relation, shape) => {
      const note = templateNote(relation, shape);
      const piece = promptNotePiece(note).replace(note.details === undefined ? '' : detailsBlock(note.details), note.details ?? '');
      const { exact, textStretches, fixedBytesAroundText } = templateFloor(piece);
      const listed = focusListOf(relation) !== undefined;
      const layout: LayoutFloor = {
        exact: exact + (listed ? entry.exact : 0),
        textStretches: textStretches + (listed ? entry.textStretches : 0),
        fixedBytesAroundText,
        replaced: 0,
      };
      return [layout];
    });
  };
  return withFloors(
    { noteCost: (note, entry) => tokenizer.count(promptNotePiece(note)) + (entry ? entryCost(entry) : 0), entryCost },
    () => bpeFloors(floors()),
  );
}

/** A template's floor, less the tokens of the text its window replaces (JSON), in one layout. */
interface LayoutFloor extends TemplateFloor {
  readonly replaced: number;
}

/** A note costs at least its template's floor in every layout it may take; the size limits take the most lenient. */
function bpeFloors(layouts: Record<RelatedRelation, LayoutFloor[][]>): Floors {
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

/** Lower bounds of a model's note costs (see `CostModel`). */
interface Floors {
  note(relation: RelatedRelation, shape: NoteShape, textBytes: number, wordStarts: number): number;
  maxTextBytes(shape: NoteShape, remaining: number): number;
  maxWordStarts(shape: NoteShape, remaining: number): number;
}

/** A model from its costs and floors, made on first use (a few hundred counts for BPE): many builds never need them. */
function withFloors(costs: Pick<CostModel, 'noteCost' | 'entryCost'>, makeFloors: () => Floors): CostModel {
  let made: { floors: Floors; cheapestNote: number } | undefined;
  const floors = () => {
    if (!made) {
      const floors = makeFloors();
      made = { floors, cheapestNote: Math.min(...RELATED_RELATIONS.flatMap((relation) => everyShape((shape) => floors.note(relation, shape, 0, 0)))) };
    }
    return made;
  };
  return {
    ...costs,
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

/** The smallest conceivable note of a relation and shape: empty titles, one-digit ids, empty details. */
function smallestNote(relation: RelatedRelation, shape: NoteShape = 0): BareNote {
  return {
    uriAndTitle: SMALLEST_LINK,
    ...(shape & 1 ? { details: '' } : {}),
    ...(shape & 2 ? { parentUriAndTitle: SMALLEST_LINK } : {}),
    ...(shape & 4 ? { objectUriAndTitle: SMALLEST_LINK } : {}),
    relationToFocusNote: relation,
  };
}

/** The template of a note of a relation and shape: every text a {@link SLOT}. */
function templateNote(relation: RelatedRelation, shape: NoteShape): BareNote {
  return {
    uriAndTitle: SLOT_LINK,
    ...(shape & 1 ? { details: SLOT } : {}),
    ...(shape & 2 ? { parentUriAndTitle: SLOT_LINK } : {}),
    ...(shape & 4 ? { objectUriAndTitle: SLOT_LINK } : {}),
    relationToFocusNote: relation,
  };
}

function everyShape<T>(of: (shape: NoteShape) => T): T[] {
  return Array.from({ length: NOTE_SHAPES }, (_, shape) => of(shape));
}
