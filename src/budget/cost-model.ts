import { NOTE_SHAPES, type NoteShape } from '../model/note-shape.js';
import { focusListOf, type FocusListRule } from '../relationships/focus-lists.js';
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
import { getOrMake } from '../store/get-or-make.js';
import { utf8Length } from '../model/utf8-length.js';
import { estimateTokensOfBytes, type Tokenizer } from './tokenizer.js';

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
/** A text of a template (see {@link templateFloor}): outside ASCII, so no character test below takes it for a fixed character. */
const SLOT = '\uE000';
const SLOT_LINK = `[${SLOT}](/n1)`;
/** No BPE token of o200k or cl100k decodes to more than 128 bytes. */
const MOST_BYTES_PER_TOKEN = 128;

const models = new Map<string, CostModel>();

/** The cost model of a tokenizer and format; its floors take a few hundred counts, so each is made once. */
export function costModelFor(tokenizer: Tokenizer, format: OutputFormat): CostModel {
  return getOrMake(models, `${tokenizer.name}/${format}`, () => {
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
            note: (relation, shape, textBytes) => estimateTokensOfBytes(smallest[relation][shape]! + textBytes),
            maxTextBytes: (shape, remaining) => Math.floor(remaining * 3.75) - smallestOfShape[shape]!,
            maxWordStarts: () => Number.MAX_SAFE_INTEGER,
          };
        });
      }
      case 'o200k':
      case 'cl100k':
        return format === 'json' ? jsonBpeModel(tokenizer) : promptBpeModel(tokenizer);
    }
  });
}

/** Exact costs in the compact JSON, from windows ({@link Window}); floors: the window after at least, less the one before. */
function jsonBpeModel(tokenizer: Tokenizer): CostModel {
  const windowCost = ({ before, after }: Window) => tokenizer.count(after) - tokenizer.count(before);
  const entryCost = (entry: ListEntry, result: ResultView) =>
    windowCost(listEntryWindow(JSON.stringify(entry.text), entry.rule, result.list(entry.rule.list), jsonListCloser(entry.rule.list, result.focusPlace)));
  // Where an entry may be written: appended, first of its list or after others, before whatever may follow the list.
  const entryWindows = (json: string, rule: FocusListRule, places: readonly ResultView['focusPlace'][]) =>
    [...new Set(places.map((place) => jsonListCloser(rule.list, place)))].flatMap((closer) =>
      [[], [SMALLEST_LINK]].map((list) => listEntryWindow(json, rule, list, closer)),
    );
  const floors = () => {
    const windowFloor = ({ before, after }: Window, entry = 0) =>
      templateFloor(after, tokenizer.count, { exact: entry - tokenizer.count(before), textStretches: 0 });
    // What a note's entry adds at least, first in its list or not; none when prepended (its window holds the next title).
    const entryFloor = (rule: FocusListRule | undefined) => {
      if (!rule || rule.placement === 'prepend') return 0;
      return Math.max(0, Math.min(...entryWindows(JSON.stringify(SLOT_LINK), rule, [undefined]).map((window) => floorOf(windowFloor(window), 0, 0))));
    };
    const entryFloors = new Map(RELATED_RELATIONS.map((relation) => [relation, entryFloor(focusListOf(relation))]));
    return bpeFloors((relation, shape) =>
      [false, true].map((hasPrevious) => windowFloor(relatedNoteWindow(JSON.stringify(templateNote(relation, shape)), hasPrevious), entryFloors.get(relation))),
    );
  };
  // The least a note's own piece adds, first or after others: both windows split after its opening `{"` (relatedNoteWindow),
  // so they differ only in what comes before it, counted once per model.
  const openingCost = ({ before, after }: Window) => tokenizer.count(after.slice(0, after.indexOf('{"') + 2)) - tokenizer.count(before);
  let leastOpening: number | undefined;
  const leastNoteWindowCost = (json: string) => {
    leastOpening ??= Math.min(openingCost(relatedNoteWindow(json, false)), openingCost(relatedNoteWindow(json, true)));
    const { after } = relatedNoteWindow(json, false);
    return leastOpening + tokenizer.count(after.slice(after.indexOf('{"') + 2));
  };
  const leastEntryCost = ({ rule, text }: ListEntry) =>
    rule.placement === 'prepend' ? 0 : Math.min(...entryWindows(JSON.stringify(text), rule, [undefined, { index: 0, of: 2 }, { index: 1, of: 2 }]).map(windowCost));
  const noteCost = (note: BareNote, entry: ListEntry | undefined, result: ResultView) =>
    windowCost(relatedNoteWindow(JSON.stringify(note), result.relatedCount > 0)) + (entry ? entryCost(entry, result) : 0);
  const leastNoteCost = (note: BareNote, entry: ListEntry | undefined) =>
    leastNoteWindowCost(JSON.stringify(note)) + (entry ? leastEntryCost(entry) : 0);
  return withFloors({ noteCost, entryCost, leastNoteCost }, floors);
}

/** Exact costs in the prompt, where a piece adds its own tokens; floors: its template's, details counted as text. */
function promptBpeModel(tokenizer: Tokenizer): CostModel {
  const entryCost = (entry: ListEntry) => tokenizer.count(promptEntryPiece(entry.text));
  const noteCost = (note: BareNote, entry: ListEntry | undefined) => tokenizer.count(promptNotePiece(note)) + (entry ? entryCost(entry) : 0);
  return withFloors({ noteCost, entryCost, leastNoteCost: noteCost }, () => {
    const entry = templateFloor(promptEntryPiece(SLOT_LINK), tokenizer.count);
    return bpeFloors((relation, shape) => {
      const piece = promptNotePiece(templateNote(relation, shape)).replace(detailsBlock(SLOT), SLOT);
      return [templateFloor(piece, tokenizer.count, focusListOf(relation) ? entry : undefined)];
    });
  });
}

/**
 * Where a piece meets its neighbours in the compact JSON, cut where o200k and cl100k always split, so that a piece adds
 * exactly tokens(`after`) − tokens(`before`) (docs/internals.md, "Pricing: exact accounting").
 */
type Window = { readonly before: string; readonly after: string };

/** A related note appended to `relatedNotes`: from the end of the previous note's relation (or of the key) to the end of the output. */
function relatedNoteWindow(noteJson: string, hasPrevious: boolean): Window {
  return hasPrevious ? { before: '"}]}', after: `"},${noteJson}]}` } : { before: '":[]}', after: `":[${noteJson}]}` };
}

/**
 * An entry added to a focus list. Appended: from the end of the last entry's id (or the list's key)
 * to the next key's first letter (`closer`). Prepended: from the list's key to the `n` of the first entry's `(/n{id})`.
 */
function listEntryWindow(entryJson: string, rule: FocusListRule, list: readonly string[], closer: string): Window {
  if (list.length === 0) return { before: `":[${closer}`, after: `":[${entryJson}${closer}` };
  if (rule.placement === 'append') return { before: `)"${closer}`, after: `)",${entryJson}${closer}` };
  const first = JSON.stringify(list[0]);
  const head = first.slice(0, first.lastIndexOf('(/n') + 2);
  return { before: `":[${head}`, after: `":[${entryJson},${head}` };
}

/** What a template costs whatever its texts, in one layout. */
type LayoutFloor = ReturnType<typeof templateFloor>;

/**
 * Lower bounds of a piece's cost in o200k or cl100k from its template, each note text a {@link SLOT}: between places
 * split whatever the texts (`splitsAt`) a stretch without text costs what it costs alone; one with text a token for a
 * chunk without words and one per word start; and no token holds more than 128 bytes. Added to `base`: what its entry
 * adds at least, less the tokens of the text its window replaces (JSON).
 */
function templateFloor(template: string, count: (text: string) => number, base = { exact: 0, textStretches: 0 }) {
  let { exact, textStretches } = base;
  let fixedBytesAroundText = 0;
  let start = 0;
  for (let end = 1; end <= template.length; end++) {
    if (end < template.length && !splitsAt(template, end)) continue;
    const stretch = template.slice(start, end);
    if (!stretch.includes(SLOT)) {
      exact += count(stretch);
    } else {
      fixedBytesAroundText += utf8Length(stretch.replaceAll(SLOT, ''));
      if (givesChunkWithoutWords(stretch)) textStretches++;
    }
    start = end;
  }
  return { exact, textStretches, fixedBytesAroundText };
}

/** The tokens a piece adds at least in a layout, given its texts' word starts and bytes. */
function floorOf({ exact, textStretches, fixedBytesAroundText }: LayoutFloor, wordStarts: number, textBytes: number): number {
  return Math.max(exact + textStretches + wordStarts, exact + Math.ceil((fixedBytesAroundText + textBytes) / MOST_BYTES_PER_TOKEN));
}

const isLetter = (char: string | undefined) => char !== undefined && /^[A-Za-z]$/.test(char);
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isAlnum = (char: string | undefined) => isLetter(char) || isDigit(char);
/** ASCII characters other than letters, digits and the apostrophe: whitespace, controls, punctuation. */
const isNotWord = (char: string | undefined) => char !== undefined && char.length === 1 && char <= '\x7f' && char !== "'" && !isAlnum(char);
/** ASCII punctuation and symbols but the apostrophe, which can begin a contraction (`'s`). */
const isPunctuation = (char: string | undefined) => isNotWord(char) && char! > ' ' && char !== '\x7f';

/**
 * Whether both pre-tokenizers always split `template` before index `at`, whatever its texts (only fixed characters decide):
 * before a letter or digit after two punctuation characters (the punctuation chunk takes both, so the letter cannot
 * join it as a prefix); after a letter or digit followed by anything but a letter, digit or apostrophe; between a letter
 * and a digit (digits only form chunks of digits); after a line break followed by neither whitespace nor `/`.
 */
function splitsAt(template: string, at: number): boolean {
  const [a, b, c] = [template[at - 2], template[at - 1], template[at]];
  if (isAlnum(c) && isPunctuation(a) && isPunctuation(b)) return true;
  if (isAlnum(b) && isNotWord(c)) return true;
  if ((isLetter(b) && isDigit(c)) || (isDigit(b) && isLetter(c))) return true;
  return b === '\n' && c !== undefined && c !== SLOT && !/\s/.test(c) && c !== '/';
}

/**
 * Whether a stretch with text holds a chunk without letters or digits: it starts with two fixed non-word characters (a
 * prefix only goes before letters), or a text is followed by two (no chunk runs from a word into them, but contractions).
 */
function givesChunkWithoutWords(stretch: string): boolean {
  const twoNonWord = (at: number) => isNotWord(stretch[at]) && isNotWord(stretch[at + 1]);
  if (twoNonWord(0)) return true;
  for (let at = 1; at < stretch.length; at++) if (stretch[at - 1] === SLOT && twoNonWord(at)) return true;
  return false;
}

/** A note costs at least its template's floor in every layout it may take; the size limits take the most lenient. */
function bpeFloors(layoutsOf: (relation: RelatedRelation, shape: NoteShape) => LayoutFloor[]): Floors {
  const layouts = floorTable(layoutsOf);
  const all = (shape: NoteShape) => RELATED_RELATIONS.flatMap((relation) => layouts[relation][shape]!);
  const bytesOver = everyShape((shape) =>
    Math.max(...all(shape).map((layout) => -layout.exact * MOST_BYTES_PER_TOKEN - layout.fixedBytesAroundText)),
  );
  const wordStartsOver = everyShape((shape) => Math.max(...all(shape).map((layout) => -layout.exact - layout.textStretches)));
  return {
    note: (relation, shape, textBytes, wordStarts) => {
      let least = Number.POSITIVE_INFINITY;
      for (const layout of layouts[relation][shape]!) least = Math.min(least, floorOf(layout, wordStarts, textBytes));
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
  let made: Floors | undefined;
  let cheapestNote: number | undefined;
  const floors = () => (made ??= makeFloors());
  const leastCosts = new Map<string, (note: NoteRecord) => number>();
  return {
    noteCost: costs.noteCost,
    entryCost: costs.entryCost,
    leastCost: (relation, detailsLimit) =>
      getOrMake(leastCosts, `${relation}/${detailsLimit}`, () => (note: NoteRecord) =>
        costs.leastNoteCost(relatedNoteOf(note, relation, detailsLimit), listEntryOf(relation, note)),
      ),
    noteFloor: (relation, shown) => floors().note(relation, shown.shape, shown.textBytes, shown.wordStarts),
    get cheapestNote() {
      return (cheapestNote ??= Math.min(...RELATED_RELATIONS.flatMap((relation) => everyShape((shape) => floors().note(relation, shape, 0, 0)))));
    },
    sizeLimits: (remaining) => ({
      maxTextBytes: everyShape((shape) => floors().maxTextBytes(shape, remaining)),
      maxWordStarts: everyShape((shape) => floors().maxWordStarts(shape, remaining)),
    }),
  };
}

function floorTable<T>(of: (relation: RelatedRelation, shape: NoteShape) => T): Record<RelatedRelation, T[]> {
  return Object.fromEntries(RELATED_RELATIONS.map((relation) => [relation, everyShape((shape) => of(relation, shape))])) as Record<RelatedRelation, T[]>;
}

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
