import { NOTE_SHAPES, type NoteShape, type ShownSize } from '../model/shown-size.js';
import { utf8Length } from '../model/utf8.js';
import { focusListOf, type FocusListName, type FocusListRule } from '../relationships/focus-lists.js';
import { RELATIONS, type RelatedRelation } from '../relationships/relation.js';
import type { OutputFormat } from '../result/render.js';
import { jsonEntryPiece, jsonNotePiece } from '../result/render-json.js';
import { promptEntryPiece, promptNotePiece } from '../result/render-prompt.js';
import type { BareNote } from '../result/schema.js';
import { listEntryWindow, relatedNoteWindow, type Window } from './json-windows.js';
import { estimateTokens, type Tokenizer } from './tokenizer.js';

/** An entry for a focus list: the list's rule and the note's `uriAndTitle`. */
export interface ListEntry {
  readonly rule: FocusListRule;
  readonly text: string;
}

/** What pricing needs to know of the result as it stands. */
export interface ResultView {
  readonly relatedCount: number;
  list(name: FocusListName): readonly string[];
}

/** What adding a piece to the output costs, in the build's tokenizer and format (spec section 5). */
export interface CostModel {
  /** A related note and, for relations with a focus list, its entry. */
  noteCost(note: BareNote, entry: ListEntry | undefined, result: ResultView): number;
  /** One entry of a focus list, for a note already in the result. */
  entryCost(entry: ListEntry, result: ResultView): number;
  /** No note of `relation` that shows `shown` costs less, whatever the result holds. */
  noteFloor(relation: RelatedRelation, shown: ShownSize): number;
  /** No related note of any relation and shape costs less. */
  readonly cheapestNote: number;
  /**
   * For each shape, the most text bytes and word starts a note may show and still cost no more
   * than `remaining`, whatever its relation: a note over either limit costs more.
   */
  sizeLimits(remaining: number): { maxTextBytes: number[]; maxWordStarts: number[] };
}

/**
 * No BPE token of o200k or cl100k decodes to more than 128 bytes, so text of n bytes costs at least
 * ceil(n / 128) tokens. It is the only floor that holds for every text (runs of one character
 * pack densely), and it is what lets a database judge from text lengths that a note cannot fit.
 */
const MOST_BYTES_PER_TOKEN = 128;

const RELATED: readonly RelatedRelation[] = RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self');
const SMALLEST_LINK = '[](/n1)';

const models = new Map<string, CostModel>();

/** The cost model of a tokenizer and format; its floors take a few hundred counts, so each is made once. */
export function costModelFor(tokenizer: Tokenizer, format: OutputFormat): CostModel {
  const key = `${tokenizer.name}/${format}`;
  let model = models.get(key);
  if (!model) {
    model = makeCostModel(tokenizer, format);
    models.set(key, model);
  }
  return model;
}

function makeCostModel(tokenizer: Tokenizer, format: OutputFormat): CostModel {
  switch (tokenizer.name) {
    case 'one-per-note':
      return withFloors({ noteCost: () => 1, entryCost: () => 0 }, {
        note: () => 1,
        maxTextBytes: (_, remaining) => (remaining >= 1 ? Number.MAX_SAFE_INTEGER : -1),
        maxWordStarts: () => Number.MAX_SAFE_INTEGER,
      });
    case 'estimate': {
      // Spec section 5, exactly, whatever the format: the piece's compact JSON plus its comma.
      const entryCost = (entry: ListEntry) => estimateTokens(jsonEntryPiece(entry.text));
      // A note's JSON piece holds the smallest conceivable piece of its relation and shape plus at
      // least its text bytes (escaping only adds).
      const smallest = floorTable((relation, shape) => utf8Length(jsonNotePiece(smallestNote(relation, shape))));
      const smallestOfShape = everyShape((shape) => Math.min(...RELATED.map((relation) => smallest[relation][shape]!)));
      return withFloors(
        { noteCost: (note, entry) => estimateTokens(jsonNotePiece(note)) + (entry ? entryCost(entry) : 0), entryCost },
        {
          note: (relation, shape, textBytes) => Math.ceil((smallest[relation][shape]! + textBytes) / 3.75),
          maxTextBytes: (shape, remaining) => Math.floor(remaining * 3.75) - smallestOfShape[shape]!,
          maxWordStarts: () => Number.MAX_SAFE_INTEGER,
        },
      );
    }
    case 'o200k':
    case 'cl100k':
      return format === 'json' ? jsonBpeModel(tokenizer) : promptBpeModel(tokenizer);
  }
}

/**
 * Exact costs in the compact JSON: the tokens a piece adds, from windows around it (see
 * json-windows.ts). Floors: a piece's fixed words (keys, relation, the `n` and digits of each
 * link) are chunks of their own, each at least one token, and the rest of the piece costs at least
 * a token per 128 bytes; minus what the window's text it replaces could have cost.
 */
function jsonBpeModel(tokenizer: Tokenizer): CostModel {
  const windowCost = ({ before, after }: Window) => tokenizer.count(after) - tokenizer.count(before);
  const entryCost = (entry: ListEntry, result: ResultView) =>
    windowCost(listEntryWindow(JSON.stringify(entry.text), entry.rule, result.list(entry.rule.list)));
  const replaced = Math.max(...[false, true].map((hasPrevious) => tokenizer.count(relatedNoteWindow('', hasPrevious).before)));
  const words = floorTable((relation, shape) => wordChunks(tokenizer, jsonNotePiece(smallestNote(relation, shape))) - replaced);
  return withFloors(
    {
      noteCost: (note, entry, result) =>
        windowCost(relatedNoteWindow(JSON.stringify(note), result.relatedCount > 0)) + (entry ? entryCost(entry, result) : 0),
      entryCost,
    },
    bpeFloors(words),
  );
}

/**
 * Exact costs in the prompt: every piece starts a line after a line break and ends with one, a
 * place where the pre-tokenizers always split, so a piece adds exactly its own tokens.
 */
function promptBpeModel(tokenizer: Tokenizer): CostModel {
  const entryCost = (entry: ListEntry) => tokenizer.count(promptEntryPiece(entry.text));
  const entryWords = wordChunks(tokenizer, promptEntryPiece(SMALLEST_LINK));
  const words = floorTable(
    (relation, shape) => wordChunks(tokenizer, promptNotePiece(smallestNote(relation, shape))) + (focusListOf(relation) ? entryWords : 0),
  );
  return withFloors(
    { noteCost: (note, entry) => tokenizer.count(promptNotePiece(note)) + (entry ? entryCost(entry) : 0), entryCost },
    bpeFloors(words),
  );
}

/**
 * Fixed words cost a token each at least. The rest of a piece's chunks cost at least a token per
 * 128 bytes of its text, and at least a token per word start: a space followed by an ASCII letter
 * or digit always begins a chunk of its own (at the space, or at the letter when the space stands
 * alone), so a text holds at least as many chunks as word starts, each at least one token.
 */
function bpeFloors(words: Record<RelatedRelation, number[]>): Floors {
  const wordsOfShape = everyShape((shape) => Math.min(...RELATED.map((relation) => words[relation][shape]!)));
  return {
    note: (relation, shape, textBytes, wordStarts) => words[relation][shape]! + Math.max(Math.ceil(textBytes / MOST_BYTES_PER_TOKEN), wordStarts),
    maxTextBytes: (shape, remaining) => (remaining - wordsOfShape[shape]!) * MOST_BYTES_PER_TOKEN,
    maxWordStarts: (shape, remaining) => remaining - wordsOfShape[shape]!,
  };
}

/** Lower bounds of a model's note costs. */
interface Floors {
  /** No note of `relation` and `shape` that shows `textBytes` bytes and `wordStarts` word starts costs less. */
  note(relation: RelatedRelation, shape: NoteShape, textBytes: number, wordStarts: number): number;
  /** A note of `shape` that shows more text bytes than this costs more than `remaining`, whatever its relation. */
  maxTextBytes(shape: NoteShape, remaining: number): number;
  /** Likewise for word starts. */
  maxWordStarts(shape: NoteShape, remaining: number): number;
}

function withFloors(costs: Pick<CostModel, 'noteCost' | 'entryCost'>, floors: Floors): CostModel {
  return {
    ...costs,
    noteFloor: (relation, shown) => floors.note(relation, shown.shape, shown.textBytes, shown.wordStarts),
    cheapestNote: Math.min(...RELATED.flatMap((relation) => everyShape((shape) => floors.note(relation, shape, 0, 0)))),
    sizeLimits: (remaining) => ({
      maxTextBytes: everyShape((shape) => floors.maxTextBytes(shape, remaining)),
      maxWordStarts: everyShape((shape) => floors.maxWordStarts(shape, remaining)),
    }),
  };
}

/** Chunks of a piece made of letters and digits only (with at most one leading other character). */
function wordChunks(tokenizer: Tokenizer, piece: string): number {
  if (!tokenizer.chunks) throw new Error(`${tokenizer.name} has no pre-tokenizer`);
  return tokenizer.chunks(piece).filter((chunk) => /^[^\p{L}\p{N}]?[\p{L}\p{N}]+$/u.test(chunk)).length;
}

function floorTable(of: (relation: RelatedRelation, shape: NoteShape) => number): Record<RelatedRelation, number[]> {
  return Object.fromEntries(RELATED.map((relation) => [relation, everyShape((shape) => of(relation, shape))])) as Record<
    RelatedRelation,
    number[]
  >;
}

/** The smallest conceivable note of a relation and shape: empty titles, one-digit ids, empty details. */
function smallestNote(relation: RelatedRelation, shape: NoteShape = 0): BareNote {
  return {
    uriAndTitle: SMALLEST_LINK,
    // A result never shows empty details, but a note that shows details shows at least this.
    ...(shape & 1 ? { details: '' } : {}),
    ...(shape & 2 ? { parentUriAndTitle: SMALLEST_LINK } : {}),
    ...(shape & 4 ? { objectUriAndTitle: SMALLEST_LINK } : {}),
    relationToFocusNote: relation,
  };
}

function everyShape(of: (shape: NoteShape) => number): number[] {
  return Array.from({ length: NOTE_SHAPES }, (_, shape) => of(shape));
}
