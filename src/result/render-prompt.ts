import { PROMPT_LAYOUT, type PromptPart } from './prompt-layout.js';
import { detailsBlock } from './details-block.js';
import { escapeLine } from './escape-line.js';
import type { AnyResult, BareNote } from './graph-rag-result-schema.js';

const { ENTRY, FOCUS_HEADER, FOCUS_NOTE, FOCUS_NOTES_HEADER, FOCUSED_NOTE, MULTI_PREAMBLE, PREAMBLE, RELATED_HEADER, RELATED_NOTE } = PROMPT_LAYOUT;

// Pieces start with neither whitespace nor `/` and end with a line break, each placed after a line break: no o200k or
// cl100k pre-tokenizer chunk spans such a place, so a piece adds exactly its own tokens.

/** The result as text for an AI assistant: the focus note (or notes) first, then related notes by rank. */
export function renderPrompt(result: AnyResult): string {
  const focusSection =
    'focusNote' in result
      ? PREAMBLE + FOCUS_HEADER + promptParts(result.focusNote, FOCUS_NOTE)
      : MULTI_PREAMBLE + FOCUS_NOTES_HEADER + result.focusNotes.map((focus) => promptParts(focus, FOCUS_NOTE)).join('');
  return focusSection + RELATED_HEADER + result.relatedNotes.map(promptNotePiece).join('');
}

/** What one related note adds to the prompt: never more UTF-8 bytes than its JSON piece (the `estimate` guarantee). */
export function promptNotePiece(note: BareNote & { readonly focus?: string }): string {
  return promptParts(note, note.focus === undefined ? RELATED_NOTE : FOCUSED_NOTE);
}

export function promptEntryPiece(uriAndTitle: string): string {
  return ENTRY + line(uriAndTitle);
}

/** `note` as `parts` lay it out: each part it has (details not empty) after its label. */
function promptParts(note: Partial<Record<PromptPart['key'], string | readonly string[]>>, parts: readonly PromptPart[]): string {
  let text = '';
  for (const { key, label, kind } of parts) {
    const value = note[key];
    if (value === undefined || (kind === 'details' && value === '')) continue;
    text += label + (typeof value !== 'string' ? value.map(promptEntryPiece).join('') : kind === 'details' ? detailsBlock(value) : line(value));
  }
  return text;
}

function line(text: string): string {
  return `${escapeLine(text)}\n`;
}
