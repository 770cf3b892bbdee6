import type { RelatedRelation } from '../relationships/relation.js';
import { RELATIONS } from '../relationships/relation.js';
import { jsonEntryPiece, jsonNotePiece } from '../result/render-json.js';
import { promptEntryPiece, promptNotePiece } from '../result/render-prompt.js';
import type { BareNote } from '../result/schema.js';
import { estimateTokens, type Tokenizer } from './tokenizer.js';

/** What adding a piece to the result costs, in the build's tokenizer. */
export interface CostModel {
  /** Cost of a related note written with its relation. */
  noteCost(note: BareNote): number;
  /** Cost of one entry in a focus list. */
  entryCost(uriAndTitle: string): number;
  /** No related note of any relation can cost less than this. */
  readonly cheapestNote: number;
  /** No focus-list entry can cost less than this. */
  readonly cheapestEntry: number;
}

/**
 * BPE counts are not additive: where a piece meets its neighbours, the punctuation on both sides
 * merges into other tokens. One token per piece pays for that seam.
 */
const SEAM_TOKENS = 1;

const SMALLEST_LINK = '[](/n1)';

export function costModelFor(tokenizer: Tokenizer): CostModel {
  switch (tokenizer.name) {
    case 'one-per-note':
      return { noteCost: () => 1, entryCost: () => 0, cheapestNote: 1, cheapestEntry: 0 };
    case 'estimate': {
      // Spec section 5, exactly: the piece's compact JSON plus its separating comma.
      const noteCost = (note: BareNote) => estimateTokens(jsonNotePiece(note));
      const entryCost = (entry: string) => estimateTokens(jsonEntryPiece(entry));
      // More text never costs less, so the smallest conceivable note bounds every note.
      return {
        noteCost,
        entryCost,
        cheapestNote: Math.min(...relatedRelations().map((relation) => noteCost(smallestNote(relation)))),
        cheapestEntry: entryCost(SMALLEST_LINK),
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
      return {
        noteCost: (note) => Math.max(rawNote(note), floors.get(note.relationToFocusNote as RelatedRelation) ?? 0),
        entryCost: (entry) => Math.max(rawEntry(entry), entryFloor),
        cheapestNote: Math.min(...floors.values()),
        cheapestEntry: entryFloor,
      };
    }
  }
}

function relatedRelations(): RelatedRelation[] {
  return RELATIONS.filter((relation): relation is RelatedRelation => relation !== 'Self');
}

function smallestNote(relation: RelatedRelation): BareNote {
  return { uriAndTitle: SMALLEST_LINK, relationToFocusNote: relation };
}
