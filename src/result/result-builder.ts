import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri.js';
import type { FocusListName, FocusListRule } from '../relationships/focus-lists.js';
import { bareNoteOf } from './bare-note.js';
import type { BareNote, FocusNote, GraphRAGResult } from './schema.js';

/**
 * Grows a `GraphRAGResult` during a build: the focus note is written in full at the start, and
 * related notes and focus-list entries are added as the iteration reaches them.
 */
export class ResultBuilder {
  private readonly focusNote: FocusNote;
  private readonly relatedNotes: BareNote[] = [];

  constructor(focus: NoteRecord, contextualPath: readonly NoteRecord[]) {
    this.focusNote = {
      ...bareNoteOf(focus, 'Self'),
      relationToFocusNote: 'Self',
      contextualPath: contextualPath.map(uriAndTitleOf),
      children: [],
      referrings: [],
      priorSiblings: [],
      youngerSiblings: [],
    };
  }

  get relatedCount(): number {
    return this.relatedNotes.length;
  }

  list(name: FocusListName): readonly string[] {
    return this.focusNote[name];
  }

  addRelated(note: BareNote): void {
    this.relatedNotes.push(note);
  }

  /** Records an entry in its focus list (spec section 4, "Focus lists"). */
  addToFocusList({ rule, text }: { readonly rule: FocusListRule; readonly text: string }): void {
    const list = this.focusNote[rule.list];
    if (rule.placement === 'prepend') list.unshift(text);
    else list.push(text);
  }

  /** A snapshot: later additions do not change it. */
  result(): GraphRAGResult {
    const focusNote = this.focusNote;
    return {
      focusNote: {
        ...focusNote,
        contextualPath: [...focusNote.contextualPath],
        children: [...focusNote.children],
        referrings: [...focusNote.referrings],
        priorSiblings: [...focusNote.priorSiblings],
        youngerSiblings: [...focusNote.youngerSiblings],
      },
      relatedNotes: [...this.relatedNotes],
    };
  }
}
