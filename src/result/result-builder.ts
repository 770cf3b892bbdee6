import type { ResultView } from './result-view.js';
import type { NoteRecord } from '../model/note-record.js';
import { uriAndTitleOf } from '../model/uri-of.js';
import { FOCUS_LISTS, type FocusListName, type FocusListRule } from '../relationships/focus-lists.js';
import { relatedNoteOf } from './related-note-of.js';
import type { AnyResult, BareNote, FocusedNote, FocusNote } from './graph-rag-result-schema.js';

/** Grows a result during a build: focus notes in full at the start, then related notes and focus-list entries; `several`: a `MultiFocusResult`. */
export class ResultBuilder {
  private readonly focusNotes: FocusNote[];
  private readonly relatedNotes: BareNote[] = [];
  private readonly views: ResultView[];

  /** `foci`: each focus note's record and contextual path (root first), written in full, keys in the spec's order. */
  constructor(foci: readonly { readonly focus: NoteRecord; readonly contextualPath: readonly NoteRecord[] }[], readonly several = false) {
    this.focusNotes = foci.map(({ focus, contextualPath }) => {
      const lists = { children: [], referrings: [], priorSiblings: [], youngerSiblings: [] };
      return { ...relatedNoteOf(focus, 'Self', undefined), relationToFocusNote: 'Self', contextualPath: contextualPath.map(uriAndTitleOf), ...lists };
    });
    const related = this.relatedNotes;
    this.views = this.focusNotes.map((focusNote, index) => ({
      get relatedCount() {
        return related.length;
      },
      list: (name: FocusListName) => focusNote[name],
      focusPlace: several ? { index, of: this.focusNotes.length } : undefined,
    }));
  }

  /** The result as pricing sees it from the focus note at `index`. */
  viewOf(index: number): ResultView {
    return this.views[index]!;
  }

  addRelated(note: BareNote): void {
    this.relatedNotes.push(note);
  }

  /** Records an entry in a focus note's list (spec section 4, "Focus lists"). */
  addToFocusList({ rule, text }: { readonly rule: FocusListRule; readonly text: string }, focusIndex = 0): void {
    const list = this.focusNotes[focusIndex]![rule.list];
    if (rule.placement === 'prepend') list.unshift(text);
    else list.push(text);
  }

  /** A snapshot, which later additions do not change: a `GraphRAGResult`, or a `MultiFocusResult` when `several`. */
  result(): AnyResult {
    const relatedNotes = [...this.relatedNotes];
    if (this.several) return { focusNotes: this.focusNotes.map(copyOf), relatedNotes: relatedNotes as FocusedNote[] };
    return { focusNote: copyOf(this.focusNotes[0]!), relatedNotes };
  }
}

function copyOf(note: FocusNote): FocusNote {
  const copy: FocusNote = { ...note, contextualPath: [...note.contextualPath] };
  for (const { list } of Object.values(FOCUS_LISTS)) copy[list] = [...note[list]];
  return copy;
}
