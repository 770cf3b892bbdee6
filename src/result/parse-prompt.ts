import { dottedPath, validated, ValidationError } from '../note-context-error.js';
import { PROMPT_LAYOUT, type PromptPart } from './prompt-layout.js';
import { readDetailsBlock } from './details-block.js';
import { unescapeLine } from './escape-line.js';
import { GraphRAGResultSchema, MultiFocusResultSchema, type AnyResult } from './graph-rag-result-schema.js';

const { ENTRY, FOCUS_HEADER, FOCUS_NOTE, FOCUS_NOTES_HEADER, FOCUSED_NOTE, MULTI_PREAMBLE, PREAMBLE, RELATED_HEADER, RELATED_NOTE } = PROMPT_LAYOUT;

/** Reads a prompt written by `renderPrompt` back into its result; a `ValidationError` names the line (`prompt line 12`). */
export function parsePrompt(text: string): AnyResult {
  const reader = new PromptReader(text);
  const several = text.startsWith(MULTI_PREAMBLE);
  reader.expect(several ? MULTI_PREAMBLE : PREAMBLE, 'the preamble');
  reader.expect(several ? FOCUS_NOTES_HEADER : FOCUS_HEADER);
  const focusNote = () => ({ ...reader.note(FOCUS_NOTE), relationToFocusNote: 'Self' });
  const focusNotes = [focusNote()];
  // Several focus notes run up to the related notes' header; one is followed by it.
  while (several && !reader.take(RELATED_HEADER)) focusNotes.push(focusNote());
  if (!several) reader.expect(RELATED_HEADER);
  const relatedNotes: unknown[] = [];
  while (!reader.atEnd()) relatedNotes.push(reader.note(several ? FOCUSED_NOTE : RELATED_NOTE));
  const fieldOf = (path: readonly PropertyKey[]) => `prompt.${dottedPath(path)}`;
  if (several) return validated(MultiFocusResultSchema, { focusNotes, relatedNotes }, 'prompt', fieldOf);
  return validated(GraphRAGResultSchema, { focusNote: focusNotes[0], relatedNotes }, 'prompt', fieldOf);
}

class PromptReader {
  private at = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at === this.text.length;
  }

  expect(literal: string, what = literal): void {
    if (!this.take(literal)) this.fail(`expected ${JSON.stringify(what.trimEnd())}`);
  }

  /** A note as `parts` lay it out, each part read into its field. */
  note(parts: readonly PromptPart[]): Record<string, unknown> {
    const note: Record<string, unknown> = {};
    for (const { key, label, kind } of parts) {
      const optional = kind === 'optional line' || kind === 'details';
      if (optional && !this.take(label)) continue;
      if (!optional) this.expect(label, key === 'uriAndTitle' ? 'a note heading "## [title](uri)"' : label);
      note[key] = kind === 'entries' ? this.entries() : kind === 'details' ? this.details() : this.line();
    }
    return note;
  }

  private entries(): string[] {
    const entries: string[] = [];
    while (this.take(ENTRY)) entries.push(this.line());
    return entries;
  }

  private details(): string {
    const { text, end } = readDetailsBlock(this.text, this.at, () => this.where());
    this.at = end;
    return text;
  }

  /** The rest of the line, unescaped, and past its line break. */
  line(): string {
    const end = this.text.indexOf('\n', this.at);
    if (end < 0) this.fail('the line does not end with a line break');
    const line = unescapeLine(this.text.slice(this.at, end), () => this.where());
    this.at = end + 1;
    return line;
  }

  take(literal: string): boolean {
    if (!this.text.startsWith(literal, this.at)) return false;
    this.at += literal.length;
    return true;
  }

  private where(): string {
    return `prompt line ${this.text.slice(0, this.at).split('\n').length}`;
  }

  private fail(problem: string): never {
    throw new ValidationError(this.where(), problem);
  }
}
