import { dottedPath, ValidationError } from '../note-context-error.js';
import { PROMPT_LAYOUT } from './prompt-layout.js';
import { readDetailsBlock } from './details-block.js';
import { unescapeLine } from './escape-line.js';
import { GraphRAGResultSchema, MultiFocusResultSchema, type AnyResult } from './graph-rag-result-schema.js';

const { CONTEXTUAL_PATH, DETAILS, ENTRY, FOCUS, FOCUS_HEADER, FOCUS_LISTS, FOCUS_NOTES_HEADER, MULTI_PREAMBLE, NOTE_HEADING, OBJECT, PARENT, PREAMBLE, RELATED_HEADER, RELATION } = PROMPT_LAYOUT;

/** Reads a prompt written by `renderPrompt` back into its result; a `ValidationError` names the line (`prompt line 12`). */
export function parsePrompt(text: string): AnyResult {
  const reader = new PromptReader(text);
  const several = text.startsWith(MULTI_PREAMBLE);
  reader.expect(several ? MULTI_PREAMBLE : PREAMBLE, 'the preamble');
  reader.expect(several ? FOCUS_NOTES_HEADER : FOCUS_HEADER);
  const focusNotes = [reader.focusNote()];
  // Several focus notes run up to the related notes' header; one is followed by it.
  while (several && !reader.take(RELATED_HEADER)) focusNotes.push(reader.focusNote());
  if (!several) reader.expect(RELATED_HEADER);
  const relatedNotes: unknown[] = [];
  while (!reader.atEnd()) {
    const { uriAndTitle } = reader.noteHead();
    reader.expect(RELATION);
    const relationToFocusNote = reader.line();
    const focus = several ? (reader.expect(FOCUS), { focus: reader.line() }) : {};
    relatedNotes.push({ uriAndTitle, ...reader.links(), ...reader.details(), relationToFocusNote, ...focus });
  }
  const parsed = several
    ? MultiFocusResultSchema.safeParse({ focusNotes, relatedNotes })
    : GraphRAGResultSchema.safeParse({ focusNote: focusNotes[0], relatedNotes });
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'prompt', (path) => `prompt.${dottedPath(path)}`);
  return parsed.data;
}

class PromptReader {
  private at = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at === this.text.length;
  }

  focusNote(): unknown {
    return {
      ...this.noteHead(),
      contextualPath: (this.expect(CONTEXTUAL_PATH), this.entries()),
      ...Object.fromEntries(FOCUS_LISTS.map(({ list, header }) => (this.expect(header), [list, this.entries()]))),
      ...this.details(),
      relationToFocusNote: 'Self',
    };
  }

  expect(literal: string, what = literal): void {
    if (!this.take(literal)) this.fail(`expected ${JSON.stringify(what.trimEnd())}`);
  }

  noteHead(): { uriAndTitle: string; parentUriAndTitle?: string; objectUriAndTitle?: string } {
    this.expect(NOTE_HEADING, 'a note heading "## [title](uri)"');
    return { uriAndTitle: this.line(), ...this.links() };
  }

  links(): { parentUriAndTitle?: string; objectUriAndTitle?: string } {
    return { ...(this.take(PARENT) && { parentUriAndTitle: this.line() }), ...(this.take(OBJECT) && { objectUriAndTitle: this.line() }) };
  }

  entries(): string[] {
    const entries: string[] = [];
    while (this.take(ENTRY)) entries.push(this.line());
    return entries;
  }

  details(): { details?: string } {
    if (!this.take(DETAILS)) return {};
    const { text, end } = readDetailsBlock(this.text, this.at, () => this.where());
    this.at = end;
    return { details: text };
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
    let line = 1;
    for (let at = this.text.indexOf('\n'); at >= 0 && at < this.at; at = this.text.indexOf('\n', at + 1)) line++;
    return `prompt line ${line}`;
  }

  private fail(problem: string): never {
    throw new ValidationError(this.where(), problem);
  }
}
