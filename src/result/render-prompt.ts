import { PROMPT_LAYOUT } from './prompt-layout.js';
import { detailsBlock } from './details-block.js';
import { escapeLine } from './escape-line.js';
import type { AnyResult, BareNote, FocusNote } from './graph-rag-result-schema.js';

const { CONTEXTUAL_PATH, DETAILS, ENTRY, FOCUS, FOCUS_HEADER, FOCUS_LISTS, FOCUS_NOTES_HEADER, MULTI_PREAMBLE, NOTE_HEADING, OBJECT, PARENT, PREAMBLE, RELATED_HEADER, RELATION } = PROMPT_LAYOUT;

// Pieces start with neither whitespace nor `/` and end with a line break, each placed after a line break: no o200k or
// cl100k pre-tokenizer chunk spans such a place, so a piece adds exactly its own tokens.

/** The result as text for an AI assistant: the focus note (or notes) first, then related notes by rank. */
export function renderPrompt(result: AnyResult): string {
  const focusSection =
    'focusNote' in result ? promptFocusSection(result.focusNote) : MULTI_PREAMBLE + FOCUS_NOTES_HEADER + result.focusNotes.map(promptFocusBlock).join('');
  return focusSection + RELATED_HEADER + result.relatedNotes.map(promptNotePiece).join('');
}

/** Everything before the related notes: the preamble and the focus note. */
export function promptFocusSection(focus: FocusNote): string {
  return PREAMBLE + FOCUS_HEADER + promptFocusBlock(focus);
}

function promptFocusBlock(focus: FocusNote): string {
  return (
    NOTE_HEADING + line(focus.uriAndTitle) +
    links(focus) +
    CONTEXTUAL_PATH + focus.contextualPath.map(promptEntryPiece).join('') +
    FOCUS_LISTS.map(({ list, header }) => header + focus[list].map(promptEntryPiece).join('')).join('') +
    (focus.details ? DETAILS + detailsBlock(focus.details) : '')
  );
}

/** What one related note adds to the prompt: never more UTF-8 bytes than its JSON piece (the `estimate` guarantee). */
export function promptNotePiece(note: BareNote & { readonly focus?: string }): string {
  return (
    NOTE_HEADING + line(note.uriAndTitle) +
    RELATION + note.relationToFocusNote + '\n' +
    (note.focus === undefined ? '' : FOCUS + note.focus + '\n') +
    links(note) +
    (note.details ? DETAILS + detailsBlock(note.details) : '')
  );
}

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
