import { dottedPath, ValidationError } from '../errors.js';
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
import { readDetailsBlock, unescapeLine } from './prompt-text.js';
import { GraphRAGResultSchema, type GraphRAGResult } from './schema.js';

/**
 * Reads a prompt written by `renderPrompt` back into the result it was written from. Throws a
 * `ValidationError` whose field names the line (`prompt line 12`) and what was expected there.
 */
export function parsePrompt(text: string): GraphRAGResult {
  const reader = new PromptReader(text);
  reader.expect(PREAMBLE, 'the preamble');
  reader.expect(FOCUS_HEADER, FOCUS_HEADER);
  const focus = {
    ...reader.noteHead(),
    contextualPath: (reader.expect(CONTEXTUAL_PATH, CONTEXTUAL_PATH), reader.entries()),
    ...Object.fromEntries(FOCUS_LISTS.map(({ list, header }) => (reader.expect(header, header), [list, reader.entries()]))),
    ...reader.details(),
    relationToFocusNote: 'Self',
  };
  reader.expect(RELATED_HEADER, RELATED_HEADER);
  const relatedNotes: unknown[] = [];
  while (!reader.atEnd()) {
    const { uriAndTitle } = reader.noteHead();
    reader.expect(RELATION, RELATION);
    const relationToFocusNote = reader.line();
    relatedNotes.push({ uriAndTitle, ...reader.links(), ...reader.details(), relationToFocusNote });
  }
  const parsed = GraphRAGResultSchema.safeParse({ focusNote: focus, relatedNotes });
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'prompt', (path) => `prompt.${dottedPath(path)}`);
  return parsed.data;
}

class PromptReader {
  private at = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at === this.text.length;
  }

  expect(literal: string, what: string): void {
    if (!this.take(literal)) this.fail(`expected ${JSON.stringify(what.trimEnd())}`);
  }

  /** `## ` and a note's link, then its parent and object links when it has them. */
  noteHead(): { uriAndTitle: string; parentUriAndTitle?: string; objectUriAndTitle?: string } {
    this.expect(NOTE_HEADING, 'a note heading "## [title](uri)"');
    return { uriAndTitle: this.line(), ...this.links() };
  }

  links(): { parentUriAndTitle?: string; objectUriAndTitle?: string } {
    return {
      ...(this.take(PARENT) && { parentUriAndTitle: this.line() }),
      ...(this.take(OBJECT) && { objectUriAndTitle: this.line() }),
    };
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

  /** The rest of the line, unescaped; the reader moves past its line break. */
  line(): string {
    const end = this.text.indexOf('\n', this.at);
    if (end < 0) this.fail('the line does not end with a line break');
    const line = unescapeLine(this.text.slice(this.at, end), () => this.where());
    this.at = end + 1;
    return line;
  }

  private take(literal: string): boolean {
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
