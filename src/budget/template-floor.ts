import { utf8Length } from '../model/utf8-length.js';
import type { Tokenizer } from './tokenizer.js';

/**
 * Lower bounds of a piece's cost in o200k or cl100k from its template, each note text a {@link SLOT}: between places
 * split whatever the texts (`splitsAt`) a stretch without text costs what it costs alone; one with text a token for a
 * chunk without words and one per word start; and no token holds more than 128 bytes.
 */
export const SLOT = '\uE000';

/** What a template costs whatever its texts: stretches without text exactly, those with text by their chunks and fixed bytes. */
export interface TemplateFloor {
  readonly exact: number;
  readonly textStretches: number;
  readonly fixedBytesAroundText: number;
}

/** No BPE token of o200k or cl100k decodes to more than 128 bytes. */
export const MOST_BYTES_PER_TOKEN = 128;

/** Floors of templates, counting each distinct stretch once (a few hundred templates share a few dozen). */
export function templateFloors(tokenizer: Pick<Tokenizer, 'count'>): (template: string) => TemplateFloor {
  const counts = new Map<string, number>();
  const count = (stretch: string) => {
    let tokens = counts.get(stretch);
    if (tokens === undefined) counts.set(stretch, (tokens = tokenizer.count(stretch)));
    return tokens;
  };
  return (template) => {
    let exact = 0;
    let textStretches = 0;
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
  };
}

/** The tokens a piece costs at least, given its template's floor and its texts' word starts and bytes. */
export function floorOf({ exact, textStretches, fixedBytesAroundText }: TemplateFloor, wordStarts: number, textBytes: number): number {
  return Math.max(exact + textStretches + wordStarts, exact + Math.ceil((fixedBytesAroundText + textBytes) / MOST_BYTES_PER_TOKEN));
}

const isLetter = (char: string | undefined) => char !== undefined && /^[A-Za-z]$/.test(char);
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isAlnum = (char: string | undefined) => isLetter(char) || isDigit(char);
/** ASCII characters other than letters, digits and the apostrophe: whitespace, controls, punctuation. */
const isNotWord = (char: string | undefined) => char !== undefined && char.length === 1 && char <= '\x7f' && char !== "'" && !isAlnum(char);
/** ASCII punctuation and symbols but the apostrophe, which can begin a contraction (`'s`). */
const isPunctuation = (char: string | undefined) => isNotWord(char) && char! > ' ' && char !== '\x7f';

const fixed = (char: string | undefined): char is string => char !== undefined && char !== SLOT;

/**
 * Whether both pre-tokenizers always split `template` before index `at`, whatever its texts (only fixed characters decide):
 * before a letter or digit after two punctuation characters (the punctuation chunk takes both, so the letter cannot
 * join it as a prefix); after a letter or digit followed by anything but a letter, digit or apostrophe; between a letter
 * and a digit (digits only form chunks of digits); after a line break followed by neither whitespace nor `/`.
 */
function splitsAt(template: string, at: number): boolean {
  const [a, b, c] = [template[at - 2], template[at - 1], template[at]];
  if (!fixed(b) || !fixed(c)) return false;
  if (isAlnum(c) && fixed(a) && isPunctuation(a) && isPunctuation(b)) return true;
  if (isAlnum(b) && isNotWord(c)) return true;
  if ((isLetter(b) && isDigit(c)) || (isDigit(b) && isLetter(c))) return true;
  return b === '\n' && !/\s/.test(c) && c !== '/';
}

/**
 * Whether a stretch with text holds a chunk without letters or digits: it starts with two fixed non-word characters (a
 * prefix only goes before letters), or a text is followed by two (no chunk runs from a word into them, but contractions).
 */
function givesChunkWithoutWords(stretch: string): boolean {
  const twoNonWord = (at: number) => fixed(stretch[at]) && fixed(stretch[at + 1]) && isNotWord(stretch[at]) && isNotWord(stretch[at + 1]);
  if (twoNonWord(0)) return true;
  for (let at = 1; at < stretch.length; at++) if (stretch[at - 1] === SLOT && twoNonWord(at)) return true;
  return false;
}
