import {
  CONTEXTUAL_PATH,
  DETAILS,
  ENTRY,
  FOCUS_HEADER,
  FOCUS_LISTS,
  NOTE_HEADING,
  OBJECT,
  PARENT,
  PREAMBLE,
  RELATED_HEADER,
  RELATION,
} from './prompt-layout.js';
import { detailsBlock, escapeLine } from './prompt-text.js';
import type { BareNote, FocusNote, GraphRAGResult } from './schema.js';

/*
 * The prompt is built from pieces, so that its token count is exact and cheap: a related note
 * and a focus-list entry each add one piece, which starts with neither whitespace nor `/` and
 * ends with a line break, and every place a piece goes is just after a line break and just
 * before such a character or the end of the text. No chunk of the o200k or cl100k pre-tokenizer
 * spans a line break followed by such a character, so a piece adds exactly its own tokens.
 */

/** The result as text ready for an AI assistant: focus note first, then related notes by rank. */
export function renderPrompt(result: GraphRAGResult): string {
  return promptFocusSection(result.focusNote) + RELATED_HEADER + result.relatedNotes.map(promptNotePiece).join('');
}

/** Everything before the related notes: the preamble and the focus note with its lists. */
export function promptFocusSection(focus: FocusNote): string {
  return (
    PREAMBLE +
    FOCUS_HEADER +
    NOTE_HEADING + line(focus.uriAndTitle) +
    links(focus) +
    CONTEXTUAL_PATH + focus.contextualPath.map(promptEntryPiece).join('') +
    FOCUS_LISTS.map(({ list, header }) => header + focus[list].map(promptEntryPiece).join('')).join('') +
    (focus.details ? DETAILS + detailsBlock(focus.details) : '')
  );
}

/**
 * What one related note adds to the prompt. It is never longer in UTF-8 bytes than the note's
 * JSON piece, which keeps the `estimate` guarantee true for prompts.
 */
export function promptNotePiece(note: BareNote): string {
  return (
    NOTE_HEADING + line(note.uriAndTitle) +
    RELATION + note.relationToFocusNote + '\n' +
    links(note) +
    (note.details ? DETAILS + detailsBlock(note.details) : '')
  );
}

/** What one focus-list entry adds to the prompt. */
export function promptEntryPiece(uriAndTitle: string): string {
  return ENTRY + line(uriAndTitle);
}

function links(note: BareNote): string {
  return (
    (note.parentUriAndTitle === undefined ? '' : PARENT + line(note.parentUriAndTitle)) +
    (note.objectUriAndTitle === undefined ? '' : OBJECT + line(note.objectUriAndTitle))
  );
}

function line(text: string): string {
  return `${escapeLine(text)}\n`;
}
