import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri.js';
import type { FocusListRule } from '../relationships/focus-lists.js';
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

  addRelated(note: BareNote): void {
    this.relatedNotes.push(note);
  }

  addToFocusList(rule: FocusListRule, entry: string): void {
    const list = this.focusNote[rule.list];
    if (rule.placement === 'prepend') list.unshift(entry);
    else list.push(entry);
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
