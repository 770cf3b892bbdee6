import {
  CONTEXTUAL_PATH,
  DETAILS,
  ENTRY,
  FOCUS,
  FOCUS_HEADER,
  FOCUS_LISTS,
  FOCUS_NOTES_HEADER,
  MULTI_PREAMBLE,
  NOTE_HEADING,
  OBJECT,
  PARENT,
  PREAMBLE,
  RELATED_HEADER,
  RELATION,
} from './prompt-layout.js';
import { detailsBlock } from './details-block.js';
import { escapeLine } from './escape-line.js';
import type { AnyResult, BareNote, FocusNote } from './schema.js';

/*
 * The prompt is built from pieces, so that its token count is exact and cheap: a related note
 * and a focus-list entry each add one piece, which starts with neither whitespace nor `/` and
 * ends with a line break, and every place a piece goes is just after a line break and just
 * before such a character or the end of the text. No chunk of the o200k or cl100k pre-tokenizer
 * spans a line break followed by such a character, so a piece adds exactly its own tokens.
 */

/**
 * The result as text ready for an AI assistant: the focus note (or every focus note, in the given
 * order) first, then related notes by rank, each naming its focus when there are several.
 */
export function renderPrompt(result: AnyResult): string {
  const focusSection = 'focusNote' in result ? promptFocusSection(result.focusNote) : promptFocusNotesSection(result.focusNotes);
  return focusSection + RELATED_HEADER + result.relatedNotes.map(promptNotePiece).join('');
}

/** Everything before the related notes: the preamble and the focus note with its lists. */
export function promptFocusSection(focus: FocusNote): string {
  return PREAMBLE + FOCUS_HEADER + promptFocusBlock(focus);
}

/** Everything before the related notes of a `MultiFocusResult`: the preamble and every focus note. */
export function promptFocusNotesSection(focusNotes: readonly FocusNote[]): string {
  return MULTI_PREAMBLE + FOCUS_NOTES_HEADER + focusNotes.map(promptFocusBlock).join('');
}

/** One focus note with its lists and details. */
function promptFocusBlock(focus: FocusNote): string {
  return (
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
export function promptNotePiece(note: BareNote & { readonly focus?: string }): string {
  return (
    NOTE_HEADING + line(note.uriAndTitle) +
    RELATION + note.relationToFocusNote + '\n' +
    (note.focus === undefined ? '' : FOCUS + note.focus + '\n') +
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
