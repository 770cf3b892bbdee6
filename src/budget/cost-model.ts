import type { RelatedRelation } from '../relationships/relation.js';
import { RELATIONS } from '../relationships/relation.js';
import { jsonEntryPiece, jsonNotePiece } from '../result/render-json.js';
import { promptEntryPiece, promptNotePiece } from '../result/render-prompt.js';
import type { BareNote } from '../result/schema.js';
import { NOTE_SHAPES, type NoteShape, type shownTextOf } from './content-bytes.js';
import { estimateTokens, utf8Length, type Tokenizer } from './tokenizer.js';

/** What adding a piece to the result costs, in the build's tokenizer. */
export interface CostModel {
  /** Cost of a related note written with its relation; `shown` is its {@link shownTextOf}. */
  noteCost(note: BareNote, shown: ShownTextSize): number;
  /** Cost of one entry in a focus list. */
  entryCost(uriAndTitle: string): number;
  /** No related note of any relation can cost less than this. */
  readonly cheapestNote: number;
  /** No focus-list entry can cost less than this. */
  readonly cheapestEntry: number;
  /**
   * For each note shape, the most text bytes a note of that shape may show and still cost no
   * more than `remaining`: every note that shows more costs more, whatever its relation.
   */
  maxTextBytes(remaining: number): number[];
  /** Whether a note that shows `shown` costs more than `remaining` whatever its relation: `maxTextBytes`, for one note. */
  surelyOver(shown: ShownTextSize, remaining: number): boolean;
}

type ShownTextSize = ReturnType<typeof shownTextOf>;

/**
 * BPE tokens of ordinary text run at 3–5 bytes each; a floor of one token per 8 content bytes
 * is below the real count for almost any text, and it is what gives BPE costs a lower bound a
 * database can evaluate from text lengths alone.
 */
const BYTES_PER_TOKEN_FLOOR = 8;

/**
 * BPE counts are not additive: where a piece meets its neighbours, the punctuation on both sides
 * merges into other tokens. One token per piece pays for that seam.
 */
const SEAM_TOKENS = 1;

const SMALLEST_LINK = '[](/n1)';

const models = new Map<Tokenizer['name'], CostModel>();

/** The cost model of a tokenizer; its floors take a few hundred counts, so each is made once. */
export function costModelFor(tokenizer: Tokenizer): CostModel {
  let model = models.get(tokenizer.name);
  if (!model) {
    model = makeCostModel(tokenizer);
    models.set(tokenizer.name, model);
  }
  return model;
}

function makeCostModel(tokenizer: Tokenizer): CostModel {
  const model = makeCostModelWithoutBound(tokenizer);
  // The limits change only when the remaining budget does: a skip never changes it.
  let limitsFor = Number.NaN;
  let limits: number[] = [];
  return {
    ...model,
    surelyOver: (shown, remaining) => {
      if (remaining !== limitsFor) {
        limits = model.maxTextBytes(remaining);
        limitsFor = remaining;
      }
      return shown.textBytes > limits[shown.shape]!;
    },
  };
}

function makeCostModelWithoutBound(tokenizer: Tokenizer): Omit<CostModel, 'surelyOver'> {
  switch (tokenizer.name) {
    case 'one-per-note':
      return {
        noteCost: () => 1,
        entryCost: () => 0,
        cheapestNote: 1,
        cheapestEntry: 0,
        maxTextBytes: (remaining) => everyShape(() => (remaining >= 1 ? Number.MAX_SAFE_INTEGER : -1)),
      };
    case 'estimate': {
      // Spec section 5, exactly: the piece's compact JSON plus its separating comma.
      const noteCost = (note: BareNote) => estimateTokens(jsonNotePiece(note));
      const entryCost = (entry: string) => estimateTokens(jsonEntryPiece(entry));
      // A note's JSON piece holds the smallest conceivable piece of its shape plus at least its
      // text bytes (escaping only adds), so ceil((smallest + text) / 3.75) bounds its cost.
      const smallestPiece = everyShape((shape) =>
        Math.min(...relatedRelations().map((relation) => utf8Length(jsonNotePiece(smallestNote(relation, shape))))),
      );
      return {
        noteCost,
        entryCost,
        cheapestNote: Math.min(...relatedRelations().map((relation) => noteCost(smallestNote(relation)))),
        cheapestEntry: entryCost(SMALLEST_LINK),
        maxTextBytes: (remaining) => everyShape((shape) => Math.floor(remaining * 3.75) - smallestPiece[shape]!),
      };
    }
    case 'o200k':
    case 'cl100k': {
      // Cost a piece as the larger of its JSON and prompt forms, so that the guarantee holds for
      // both formats, and never below the smallest conceivable piece of its relation: BPE counts
      // are not monotone in the text, and the floor is what lets a build know it is starved.
      const rawNote = (note: BareNote) =>
        Math.max(tokenizer.count(jsonNotePiece(note)), tokenizer.count(promptNotePiece(note))) + SEAM_TOKENS;
      const rawEntry = (entry: string) =>
        Math.max(tokenizer.count(jsonEntryPiece(entry)), tokenizer.count(promptEntryPiece(entry))) + SEAM_TOKENS;
      const floors = new Map(relatedRelations().map((relation) => [relation, rawNote(smallestNote(relation))]));
      const entryFloor = rawEntry(SMALLEST_LINK);
      // The smallest conceivable note of each shape, whatever its relation.
      const shapeFloors = everyShape((shape) => Math.min(...relatedRelations().map((relation) => rawNote(smallestNote(relation, shape)))));
      return {
        noteCost: (note, shown) =>
          Math.max(
            rawNote(note),
            floors.get(note.relationToFocusNote as RelatedRelation) ?? 0,
            shapeFloors[shown.shape]! + Math.ceil(shown.textBytes / BYTES_PER_TOKEN_FLOOR),
          ),
        entryCost: (entry) => Math.max(rawEntry(entry), entryFloor),
        cheapestNote: Math.min(...floors.values()),
        cheapestEntry: entryFloor,
        maxTextBytes: (remaining) => everyShape((shape) => (remaining - shapeFloors[shape]!) * BYTES_PER_TOKEN_FLOOR),
      };
    }
  }
}

function relatedRelations(): RelatedRelation[] {
  return RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self');
}

/** The smallest conceivable note of a relation and shape: empty titles, one-digit ids, empty details. */
function smallestNote(relation: RelatedRelation, shape: NoteShape = 0): BareNote {
  return {
    uriAndTitle: SMALLEST_LINK,
    // A result never shows empty details, but a note that shows details shows at least the
    // `"details":""` this yields: the floor of its shape.
    ...(shape & 1 ? { details: '' } : {}),
    ...(shape & 2 ? { parentUriAndTitle: SMALLEST_LINK } : {}),
    ...(shape & 4 ? { objectUriAndTitle: SMALLEST_LINK } : {}),
    relationToFocusNote: relation,
  };
}

function everyShape(of: (shape: NoteShape) => number): number[] {
  return Array.from({ length: NOTE_SHAPES }, (_, shape) => of(shape));
}
